/**
 * Where a daily-impressions figure comes from (DESIGN section 20, decision 080), and how each reads next to
 * its figure. Kept apart from audience.schemas.ts so a page that only prints a figure (the catalogue's
 * cards, the cart's plan figures) does not bring zod and the schemas along: ~27 KB of JavaScript on
 * /products when the cards started showing the source.
 */
export const AUDIENCE_SOURCES = ['owner_declared', 'traffic_count', 'survey', 'modelled'] as const;
export type AudienceSource = (typeof AUDIENCE_SOURCES)[number];

/** How each source reads next to its figure ("1.2 lakh/day · owner-declared, Mar 2026"). */
export const AUDIENCE_SOURCE_LABELS: Record<AudienceSource, string> = {
  owner_declared: 'owner-declared',
  traffic_count: 'traffic count',
  survey: 'survey',
  modelled: 'modelled',
};
