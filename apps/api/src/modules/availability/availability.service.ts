import {
  type AvailabilityItem,
  type AvailabilityResult,
  addDays,
  calendarDays,
  calendarWindow,
  type DayState,
  type IsoDate,
  isoDateSchema,
  MAX_DB_ID,
  type ProductAvailability,
  type SiteHold,
  todayIst,
  UNAVAILABLE_WINDOW_DAYS,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import {
  answerRanges,
  findCalendarRows,
  findLiveOptions,
  findLiveOptionsOf,
  findOccupiedRanges,
  isListedProduct,
} from './availability.repository.ts';

/**
 * Whether each range [from_date, to_date) is free, in the order given: false when the site does not exist
 * or a live booking or hold overlaps it (back-to-back ranges do not overlap). One database round trip.
 * This is the overlap rule the booking module relies on; pass a transaction as `db` to read inside it.
 */
export async function checkRanges(db: Db, clock: Clock, items: AvailabilityItem[]): Promise<boolean[]> {
  // Callers inside the API may skip the route's schema: a range the database would refuse is simply not free.
  const checkable = items.map((item, index) => ({ item, index })).filter(({ item }) => isCheckable(item));
  const answers = await answerRanges(
    db,
    clock.now(),
    checkable.map(({ item }) => ({ productId: item.product_id, from: item.from_date, to: item.to_date })),
  );
  const free = new Array<boolean>(items.length).fill(false);
  for (const a of answers) free[checkable[a.index].index] = a.productExists && !a.taken;
  return free;
}

function isCheckable(i: AvailabilityItem): boolean {
  return (
    Number.isInteger(i.product_id) &&
    i.product_id > 0 &&
    i.product_id <= MAX_DB_ID &&
    isoDateSchema.safeParse(i.from_date).success &&
    isoDateSchema.safeParse(i.to_date).success &&
    i.from_date < i.to_date
  );
}

/** The answer of POST /booking/booking_availability_check_multiple: one entry per item, sorted by product_id. */
export async function checkAvailability(
  db: Db,
  clock: Clock,
  items: AvailabilityItem[],
): Promise<AvailabilityResult[]> {
  const free = await checkRanges(db, clock, items);
  return items
    .map((item, index) => ({ product_id: item.product_id, status: free[index], index }))
    .sort((a, b) => a.product_id - b.product_id || a.index - b.index)
    .map(({ product_id, status }) => ({ product_id, status }));
}

/**
 * Every date of the next 365 days (from today in IST) on which each site is booked or held, sorted.
 * One query for all the given sites, so a page of products costs one round trip, not one per product.
 */
export async function unavailableDates(
  db: Db,
  clock: Clock,
  productIds: number[],
): Promise<Map<number, IsoDate[]>> {
  const byProduct = new Map<number, IsoDate[]>();
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return byProduct;
  const today = todayIst(clock.now());
  const windowEnd = addDays(today, UNAVAILABLE_WINDOW_DAYS);
  const ranges = await findOccupiedRanges(db, clock.now(), unique, today, windowEnd);
  // Ranges in start order per site, each day named as it is reached, and never twice should two ranges
  // ever overlap: a page of 24 sites can hold thousands of booked days, and collecting, sorting and
  // de-duplicating them as numbers first was most of this function's time and garbage (issue 23).
  const ordered = ranges.sort(
    (a, b) => a.productId - b.productId || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0),
  );
  let list: IsoDate[] = [];
  let site = Number.NaN;
  let reached = Number.NEGATIVE_INFINITY;
  for (const r of ordered) {
    if (r.productId !== site) {
      site = r.productId;
      list = [];
      byProduct.set(site, list);
      reached = Number.NEGATIVE_INFINITY;
    }
    const end = dayNumber(r.to);
    for (let d = Math.max(dayNumber(r.from), reached); d < end; d++) list.push(dayName(d));
    reached = Math.max(reached, end);
  }
  return byProduct;
}

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;
/** Day number -> ISO date, for the days requests ask about (about a year's worth at a time). */
const dayNames = new Map<number, IsoDate>();

function dayName(day: number): IsoDate {
  let name = dayNames.get(day);
  if (name === undefined) {
    if (dayNames.size >= 4096) dayNames.clear();
    name = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    dayNames.set(day, name);
  }
  return name;
}

/**
 * For each site, the nearest range on which it is free and which it can be booked for: as long as
 * [from, to), or as its own minimum booking when that is longer (issue 48); moved by at most `shiftDays`
 * either way and starting no earlier than `earliest` (unmoved ranges always qualify): the asked start
 * first, then 1 day earlier, 1 later, 2 earlier... Without a shift a site whose minimum is longer than the
 * range has none. Sites free on none are absent.
 */
export async function nearestFreeRanges(
  db: Db,
  clock: Clock,
  sites: ReadonlyArray<{ id: number; minDays: number }>,
  range: { from: IsoDate; to: IsoDate; shiftDays: number; earliest: IsoDate },
): Promise<Map<number, { from: IsoDate; to: IsoDate }>> {
  const { from, to, shiftDays, earliest } = range;
  const asked = dayNumber(to) - dayNumber(from);
  const minimum = new Map(sites.map((s) => [s.id, s.minDays]));
  const answer = new Map<number, { from: IsoDate; to: IsoDate }>();
  if (minimum.size === 0) return answer;
  const longest = Math.max(asked, ...minimum.values());
  const occupied = await findOccupiedRanges(
    db,
    clock.now(),
    [...minimum.keys()],
    addDays(from, -shiftDays),
    addDays(from, shiftDays + longest),
  );
  const byProduct = new Map<number, Array<{ from: IsoDate; to: IsoDate }>>();
  for (const r of occupied) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  const shifts = [0];
  for (let s = 1; s <= shiftDays; s++) shifts.push(-s, s);
  for (const [id, minDays] of minimum) {
    // Without flexible the range is taken as asked or not at all.
    if (shiftDays === 0 && minDays > asked) continue;
    const length = Math.max(asked, minDays);
    const taken = byProduct.get(id) ?? [];
    for (const shift of shifts) {
      const f = addDays(from, shift);
      const t = addDays(f, length);
      if (shift !== 0 && f < earliest) continue;
      // Half-open ranges overlap when each starts before the other ends.
      if (taken.every((r) => r.to <= f || r.from >= t)) {
        answer.set(id, { from: f, to: t });
        break;
      }
    }
  }
  return answer;
}

/**
 * What others see of a site's live holds (options, decision 082): the dates and until when, "On hold
 * until ...", and whether someone asked already; never who holds them.
 */
export async function liveHoldsOf(db: Db, clock: Clock, productId: number): Promise<SiteHold[]> {
  const now = clock.now();
  const rows = await findLiveOptions(db, now, productId, todayIst(now));
  return rows.map((r) => ({
    id: r.id,
    from_date: r.from,
    to_date: r.to,
    until: (r.until ?? now).toISOString(),
    requested: r.requestedAt !== null,
  }));
}

/** The live holds of many sites at once (a catalogue page's cards, decision 084), by site; one query. */
export async function liveHoldsOfMany(
  db: Db,
  clock: Clock,
  productIds: number[],
): Promise<Map<number, SiteHold[]>> {
  const now = clock.now();
  const rows = await findLiveOptionsOf(db, now, productIds, todayIst(now));
  const bySite = new Map<number, SiteHold[]>();
  for (const r of rows) {
    const list = bySite.get(r.productId) ?? [];
    list.push({
      id: r.id,
      from_date: r.from,
      to_date: r.to,
      until: (r.until ?? now).toISOString(),
      requested: r.requestedAt !== null,
    });
    bySite.set(r.productId, list);
  }
  return bySite;
}

/** A live row's day state: confirmed is booked, an owner's block blocked, any hold that lapses held. */
function stateOf(status: string): Exclude<DayState, 'free'> {
  if (status === 'confirmed') return 'booked';
  if (status === 'blocked') return 'blocked';
  // `held` (checkout) and any other live kind (a buyer's option, DESIGN section 19) lapse: on hold.
  return 'held';
}

/**
 * GET /product/{id}/availability: every day from today (IST) for `months` months with its state, from the
 * site's live rows (the same definition of taken as every availability check). 404 unless the site is live.
 */
export async function productCalendar(
  db: Db,
  clock: Clock,
  productId: number,
  months: number,
): Promise<ProductAvailability> {
  if (!(await isListedProduct(db, productId))) throw notFound('Product');
  const now = clock.now();
  const window = calendarWindow(todayIst(now), months);
  const rows = await findCalendarRows(db, now, productId, window.from, window.to);
  return {
    days: calendarDays(
      window,
      rows.map((r) => ({ from: r.from, to: r.to, state: stateOf(r.status) })),
    ),
  };
}
