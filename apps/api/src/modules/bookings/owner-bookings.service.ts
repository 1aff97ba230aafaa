import {
  addDays,
  type CalendarEntry,
  daysBetween,
  PARTNER_BOOKINGS_CSV_MAX,
  PARTNER_HOLDS_MAX,
  type PartnerBooking,
  type PartnerBookingPage,
  type PartnerBookingsQuery,
  type PartnerCalendar,
  type PartnerCalendarQuery,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { csvCell, csvFileOfLines, istTimestamp } from '../../lib/csv.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  type OwnerBookingFilters,
  ownerBookingCount,
  ownerBookingLines,
  ownerCalendarRows,
} from '../orders/booking-reads.service.ts';
import { keptLinesRefundedInFull } from '../orders/order-ledger.service.ts';
import { findOwnedSite } from './blocks.repository.ts';
import { holdUntil } from './blocks.service.ts';
import { countOwnerSites, listOwnerOptions, listOwnerSites } from './owner-bookings.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
/** The buyer as an owner sees them: the company, else the person's name; never a phone or an email. */
const buyerLabel = (company: string | null, first: string | null, last: string | null) =>
  company?.trim() || personName(first, last) || 'A buyer';

/**
 * GET /partner/calendar: one month of bookings (paid), holds (live) and blocks on one site, or on a page of
 * the owner's sites (at most CALENDAR_SITES_PAGE_MAX per answer, so the answer stays bounded).
 */
export async function ownerCalendar(
  deps: Deps,
  mediaOwnerId: number,
  query: PartnerCalendarQuery,
): Promise<PartnerCalendar> {
  const db = deps.database.db;
  if (query.site_id && !(await findOwnedSite(db, query.site_id, mediaOwnerId))) throw notFound('Site');
  const from = `${query.month}-01`;
  const [y, m] = query.month.split('-').map(Number);
  const toExclusive = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const [sitesCount, sites] = await Promise.all([
    countOwnerSites(db, mediaOwnerId, query.site_id),
    listOwnerSites(db, mediaOwnerId, {
      siteId: query.site_id,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
  ]);
  const now = deps.clock.now();
  const rows = await ownerCalendarRows(
    db,
    sites.map((s) => s.id),
    from,
    toExclusive,
    now,
  );
  const entries: CalendarEntry[] = rows.map((r) => {
    const base = {
      id: r.id,
      site_id: r.productId,
      start_date: r.lo,
      end_date: addDays(r.hi, -1),
      order_id: r.orderId,
      hold_expires_at: null,
    };
    if (r.status === 'blocked') return { ...base, kind: 'block', label: r.blockReason || 'Blocked' };
    if (r.status === 'held' || r.status === 'option') {
      const until = r.holdExpiresAt ?? now;
      return {
        ...base,
        kind: 'hold',
        // An option is a buyer's free hold of some days (decision 082); a checkout hold lasts minutes.
        label: `${r.status === 'option' ? 'On hold (option)' : 'Held'} ${holdUntil(until, now)}`,
        hold_expires_at: until.toISOString(),
      };
    }
    const buyer = r.orderId ? buyerLabel(r.buyerCompany, r.buyerFirstName, r.buyerLastName) : null;
    return {
      ...base,
      kind: 'booking',
      label: r.orderId ? `Order #${r.orderId} · ${buyer}` : 'Booked',
    };
  });
  return {
    month: query.month,
    from_date: from,
    to_date: toExclusive,
    sites: sites.map((s) => ({ id: s.id, product_id: s.productCode, name: s.name, status: s.status })),
    sites_count: sitesCount,
    page: query.page,
    page_size: query.page_size,
    entries,
  };
}

function filtersOf(deps: Deps, mediaOwnerId: number, q: PartnerBookingsQuery): OwnerBookingFilters {
  if (q.from && q.to && q.from > q.to) {
    throw badRequest('The end of the date range is before its start.', { to: 'Must be on or after From' });
  }
  return {
    mediaOwnerId,
    siteId: q.site_id,
    from: q.from,
    to: q.to,
    status: q.status,
    today: todayIst(deps.clock.now()),
  };
}

type LineRow = Awaited<ReturnType<typeof ownerBookingLines>>[number];

function toPartnerBooking(r: LineRow, refundedInFull: ReadonlySet<number>): PartnerBooking {
  return {
    line_id: r.lineId,
    order_id: r.orderId,
    site_id: r.siteId,
    site_code: r.siteCode,
    site_name: r.siteName,
    buyer_company: buyerLabel(r.buyerCompany, r.buyerFirstName, r.buyerLastName),
    buyer_name: personName(r.buyerFirstName, r.buyerLastName),
    from_date: r.fromDate,
    to_date: r.toDate,
    days: r.days,
    amount: toRupees(r.pricePaise),
    status: r.status as PartnerBooking['status'],
    paid_at: r.paidAt?.toISOString() ?? null,
    refunded_in_full: refundedInFull.has(r.lineId),
  };
}

/** GET /partner/bookings: paid lines on the owner's sites, filtered and paged, and the live holds apart. */
export async function ownerBookingsPage(
  deps: Deps,
  mediaOwnerId: number,
  q: PartnerBookingsQuery,
): Promise<PartnerBookingPage> {
  const f = filtersOf(deps, mediaOwnerId, q);
  const db = deps.database.db;
  const now = deps.clock.now();
  // Holds are dates to come, never running, completed or cancelled lines.
  const withHolds = !q.status || q.status === 'upcoming';
  const [total, rows, options] = await Promise.all([
    ownerBookingCount(db, f),
    ownerBookingLines(db, f, q.page_size, (q.page - 1) * q.page_size),
    withHolds ? listOwnerOptions(db, f, now, PARTNER_HOLDS_MAX) : [],
  ]);
  const refunded = await keptLinesRefundedInFull(
    db,
    rows.map((r) => r.orderId),
  );
  return {
    count: total,
    page: q.page,
    page_size: q.page_size,
    results: rows.map((r) => toPartnerBooking(r, refunded)),
    holds: options.map((o) => ({
      id: o.id,
      site_id: o.siteId,
      site_code: o.siteCode,
      site_name: o.siteName,
      from_date: o.fromDate,
      to_date: o.toDate,
      days: daysBetween(o.fromDate, o.toDate),
      expires_at: (o.expiresAt ?? now).toISOString(),
      requested: o.requestedAt !== null,
    })),
  };
}

const CSV_HEADER = [
  'Order',
  'Line',
  'Site code',
  'Site',
  'Buyer company',
  'Buyer name',
  'First day',
  'Last day',
  'Days',
  'Amount (INR, excl. GST)',
  'Status',
  'Paid at (IST)',
];

/** The same filters as the list, every page at once (at most PARTNER_BOOKINGS_CSV_MAX lines). */
export async function ownerBookingsCsv(deps: Deps, mediaOwnerId: number, q: PartnerBookingsQuery) {
  const f = filtersOf(deps, mediaOwnerId, q);
  // The CSV has no "refunded in full" column (its columns are the accountants' contract): no ledger read.
  const none = new Set<number>();
  const rows = (await ownerBookingLines(deps.database.db, f, PARTNER_BOOKINGS_CSV_MAX, 0)).map((r) =>
    toPartnerBooking(r, none),
  );
  const lines = rows.map((b) =>
    [
      b.order_id,
      b.line_id,
      b.site_code,
      b.site_name,
      b.buyer_company,
      b.buyer_name,
      b.from_date,
      // The order's to_date is the day after the last (docs/product-rules.md section 3); a spreadsheet reads days.
      addDays(b.to_date, -1),
      b.days,
      b.amount.toFixed(2),
      b.status,
      // The moment in IST, as every document reads it (a payment at 00:39 IST on 2 Dec is on 2 Dec).
      istTimestamp(b.paid_at),
    ]
      .map(csvCell)
      .join(','),
  );
  return csvFileOfLines([CSV_HEADER.map(csvCell).join(','), ...lines]);
}
