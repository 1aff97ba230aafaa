/** How a site stands for the chosen dates, from the unavailable dates the list already carries. */
export type SiteAvailability = 'free' | 'partly' | 'booked' | 'unknown';

export const AVAILABILITY_COLOURS: Record<SiteAvailability, string> = {
  free: '#1b7f3b',
  partly: '#b35c00',
  booked: '#b3261e',
  unknown: '#0b3d91',
};

export const AVAILABILITY_LABELS: Record<SiteAvailability, string> = {
  free: 'free for your dates',
  partly: 'partly booked for your dates',
  booked: 'booked for your dates',
  unknown: '',
};

/** Every date from `from` to `to` (YYYY-MM-DD, both included), at most 400 of them. */
function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (day <= end && out.length < 400) {
    out.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

/**
 * free: none of the dates is taken; booked: every one is; partly: some are. Without both dates: unknown.
 * unavailable_dates covers the next 365 days, which is as far as a booking goes.
 */
export function availabilityFor(
  unavailableDates: readonly string[],
  from: string | null | undefined,
  to: string | null | undefined,
): SiteAvailability {
  if (!from || !to || from > to) return 'unknown';
  const taken = new Set(unavailableDates);
  const days = datesBetween(from, to);
  const busy = days.filter((d) => taken.has(d)).length;
  if (busy === 0) return 'free';
  return busy === days.length ? 'booked' : 'partly';
}
