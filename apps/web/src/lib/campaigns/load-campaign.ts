import type { Campaign } from '@ooh/shared';
import type { AppLoadContext } from 'react-router';
import { apiAnswer } from '../server-api';

/**
 * A campaign page's loader read (routes/campaign.tsx, and a site opened from a campaign in
 * routes/product.tsx): a standard campaign's answer; "missing" when no campaign of either kind has this id
 * (the standard read's 404 may be a customized campaign, which belongs to its buyer and renders in the
 * browser: the type check tells them apart); null when the browser should ask (customized, or an error).
 */
export async function loadCampaign(
  context: AppLoadContext | undefined,
  request: Request,
  id: number | null,
): Promise<Campaign | 'missing' | null> {
  if (id === null) return 'missing';
  const answer = await apiAnswer<Campaign>(context, request, `/api/campaign/${id}`);
  if (answer.status === 200) return answer.body;
  if (answer.status === 400) return 'missing';
  if (answer.status !== 404) return null;
  const kind = await apiAnswer(context, request, `/api/find_campaign_type?campaign_id=${id}`);
  return kind.status === 400 || kind.status === 404 ? 'missing' : null;
}
