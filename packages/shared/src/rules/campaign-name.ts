import { DEFAULT_CAMPAIGN_NAME } from '../constants.ts';

// Whitespace, control and format characters (zero-width spaces, direction marks): a name of only these
// shows as a blank title.
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}]/gu;

/**
 * The name a campaign is shown and stored with: trimmed, and "Untitled Campaign" when nothing visible is
 * left (docs/product-spec.md section 3, docs/product-rules.md section 3a), on the server and on every screen alike.
 */
export function campaignTitle(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed.replace(INVISIBLE, '') ? trimmed : DEFAULT_CAMPAIGN_NAME;
}
