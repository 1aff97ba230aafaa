import type { Hold } from '@ooh/shared';

/** A line of a plan: one site and its [from, to) dates. */
export interface DatedLine {
  product_id: number;
  from_date: string;
  to_date: string;
}

/**
 * The lines the caller's own live holds cover whole (decision 082): the availability check counts every
 * live hold as taken, the holder's too, yet the holder may book them (POST /api/booking/book refuses only
 * someone else's hold). A hold covering the whole range means nobody else can hold or book any day of it.
 */
export function coveredByOwnHolds(
  lines: readonly DatedLine[],
  holds: readonly Hold[] | undefined,
): Set<number> {
  const live = (holds ?? []).filter((h) => h.status === 'active' || h.status === 'requested');
  return new Set(
    lines
      .filter((l) =>
        live.some(
          (h) => h.product_id === l.product_id && h.from_date <= l.from_date && h.to_date >= l.to_date,
        ),
      )
      .map((l) => l.product_id),
  );
}
