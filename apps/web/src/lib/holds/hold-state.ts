import type { SiteHoldForCaller } from '@ooh/shared';

/*
 * Where a page's lines stand among the live holds on their sites (decision 082), apart from the controls
 * (components/holds/place-hold.tsx), so a page reads its lines' states without loading the controls' code
 * before it shows them (the cart's lines are folded until opened).
 */

/** The live holds on a page's sites as the signed-in caller sees them, by site id. */
export type SiteHoldsBySite = ReadonlyMap<number, SiteHoldForCaller[]>;

/** The caller's view of the holds on these sites (GET /api/holds/sites), grouped by site. */
export function holdsBySite(results: readonly SiteHoldForCaller[]): SiteHoldsBySite {
  const bySite = new Map<number, SiteHoldForCaller[]>();
  for (const h of results) bySite.set(h.product_id, [...(bySite.get(h.product_id) ?? []), h]);
  return bySite;
}

/** Where a campaign line's dates stand among the live holds on its site, for the signed-in buyer. */
export type LineHoldState =
  | { kind: 'mine'; hold: SiteHoldForCaller }
  | { kind: 'other'; hold: SiteHoldForCaller }
  | { kind: 'free' };

/**
 * A line's hold state: the caller's own hold touching its dates first (they can renew or release it), then
 * another buyer's, else free; null without both dates (nothing to hold yet).
 */
export function lineHoldState(
  holds: readonly SiteHoldForCaller[] | undefined,
  from: string | null | undefined,
  to: string | null | undefined,
): LineHoldState | null {
  if (!from || !to) return null;
  const touching = (holds ?? []).filter((h) => h.from_date < to && from < h.to_date);
  const mine = touching.find((h) => h.mine);
  if (mine) return { kind: 'mine', hold: mine };
  const other = touching[0];
  return other ? { kind: 'other', hold: other } : { kind: 'free' };
}
