import type { Roles } from '@ooh/shared';
import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '../../lib/page-meta';

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/**
 * The title of a media owner's screen (its route's `meta`). Someone with no approved account sees the
 * application form or its status in place of any screen (partner-layout.tsx), and the title says that:
 * the room's loader (routes/partner.tsx) has the roles.
 */
export function partnerTitle(matches: Matches, title: string): string {
  const roles = matches.find((m) => m?.id === 'routes/partner')?.data as Roles | null | undefined;
  if (!roles) return title;
  const owner = roles.media_owner;
  if (!owner) return 'List your sites';
  if (owner.status === 'pending') return 'Application under review';
  if (owner.status === 'rejected') return 'Application not approved';
  return title;
}

/** A media owner's screen's `meta`: its title (partnerTitle) and the site's description. */
export const partnerMeta =
  (title: string) =>
  ({ matches }: { matches: Matches }): MetaDescriptor[] =>
    pageMeta(partnerTitle(matches, title));
