import {
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  formatBookingPeriod,
  formatDateTimeIst,
  HOLD_REMINDER_HOURS,
  HOLD_REQUEST_HOURS,
  type Hold,
  type HoldAnswer,
  type HoldList,
  type HoldRequest,
  type HoldStatus,
  MAX_HELD_SITES,
  type SiteHoldsForCaller,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound, sqlState } from '../../lib/errors.ts';
import { type AgencyActor, clientForBooking, clientNamesOf } from '../agencies/agencies.service.ts';
import { type NotificationRequest, queueNotifications } from '../notifications/notifications.service.ts';
import {
  expireLapsedOptions,
  insertOption,
  releaseLapsedHolds,
  releaseLapsedOptions,
  releaseOption,
  renewOption,
  requestOption,
} from '../orders/order-records.service.ts';
import {
  countHeldSites,
  findExpiredOptionsSince,
  findHolderContact,
  findHoldOf,
  findHoldsEndingBy,
  findLiveHold,
  findLiveHoldsOn,
  findLiveOverlaps,
  findSiteForHold,
  type HoldRow,
  listHoldsOf,
  lockBuyerHolds,
  lockSite,
  periodOf,
} from './holds.repository.ts';

/*
 * Holds (options; DESIGN section 19, decision 082): a signed-in buyer keeps a site's dates free of charge
 * for HOLD_DAYS, renewable once, at most MAX_HELD_SITES sites at once. The row is a `bookings` row under
 * the one EXCLUDE constraint, so a hold never overlaps a booking, a block, a checkout hold or another hold.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Where a hold stands at `now`, from its row. */
export function holdStatusOf(row: HoldRow, now: Date): HoldStatus {
  if (row.status === 'option' && row.holdExpiresAt && row.holdExpiresAt > now)
    return row.requestedAt ? 'requested' : 'active';
  if (row.optionEnded === 'released' || row.optionEnded === 'booked') return row.optionEnded;
  return 'expired';
}

function answerOf(row: HoldRow, now: Date): HoldAnswer {
  return {
    id: row.id,
    status: holdStatusOf(row, now),
    expires_at: (row.holdExpiresAt ?? now).toISOString(),
  };
}

const siteLabel = (site: { name: string; productCode: string }) => `${site.name} (${site.productCode})`;

function taken(site: { name: string; productCode: string }, from: string, to: string, own: boolean) {
  const when = formatBookingPeriod(from, to, { withDays: false });
  return new HttpError(
    409,
    own ? 'already_held' : 'sites_unavailable',
    own
      ? `You already hold ${siteLabel(site)} for some of ${when}.`
      : `Sorry, ${siteLabel(site)} is already booked or held for some of ${when}. Please choose other dates.`,
    { product_id: siteLabel(site) },
  );
}

/** POST /api/holds: 201 with the new hold; the same range held again by its holder answers that hold. */
export async function createHold(
  deps: Deps,
  user: AgencyActor,
  body: HoldRequest,
): Promise<{ created: boolean; hold: HoldAnswer }> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const userId = user.id;
  // Before anything else: a client of no agency of the user's (as admin or planner) is 404 (decision 092).
  const clientId = body.client_id ? (await clientForBooking(db, user, body.client_id)).client.id : null;
  const site = await findSiteForHold(db, body.product_id);
  if (!site) throw notFound('Site');
  if (site.status !== 'live')
    throw new HttpError(
      409,
      'sites_unavailable',
      `Sorry, ${siteLabel(site)} is not taking bookings right now.`,
      {
        product_id: siteLabel(site),
      },
    );
  // The same date rules as booking it (docs/product-rules.md section 3): a hold is a booking not yet paid.
  const problem = checkBookingRange(body.from_date, body.to_date, site.minDays, now);
  if (problem) {
    const message =
      problem === 'shorter_than_minimum'
        ? `${siteLabel(site)} is booked for at least ${site.minDays} days.`
        : DATE_RANGE_MESSAGES[problem];
    throw badRequest(message, { [problem === 'start_too_soon' ? 'from_date' : 'to_date']: message });
  }
  const expiresAt = new Date(now.getTime() + deps.config.holdDays * DAY_MS);
  try {
    return await inTransaction(db, async (tx) => {
      await lockBuyerHolds(tx, userId);
      // Whatever lapsed on this site stops standing in the way (the sweepers may not have run yet): the
      // orders of lapsed checkout holds first (order locks come before the site's, db/booking-occupancy.ts),
      // then, queued for the site like every writer of live rows, lapsed options.
      await releaseLapsedHolds(tx, site.id, now);
      await lockSite(tx, site.id);
      await releaseLapsedOptions(tx, now, [site.id]);
      const overlaps = await findLiveOverlaps(tx, site.id, body.from_date, body.to_date, now);
      const mine = overlaps.find((o) => o.status === 'option' && o.heldByUserId === userId);
      if (mine && overlaps.length === 1) {
        const p = periodOf(mine.period);
        // A repeat (double click, retry) of the same hold answers it; another range of it is a conflict.
        if (p.from === body.from_date && p.to === body.to_date)
          return { created: false, hold: answerOf(mine, now) };
      }
      if (overlaps.length) throw taken(site, body.from_date, body.to_date, Boolean(mine));
      if ((await countHeldSites(tx, userId, now, site.id)) >= MAX_HELD_SITES)
        throw new HttpError(
          409,
          'too_many_holds',
          `You already hold ${MAX_HELD_SITES} sites, as many as one buyer may hold at once. Book or release one of them before holding ${siteLabel(site)}.`,
        );
      const row = await insertOption(tx, {
        productId: site.id,
        fromDate: body.from_date,
        toDate: body.to_date,
        userId,
        expiresAt,
        now,
        clientId,
      });
      return { created: true, hold: answerOf(row, now) };
    });
  } catch (err) {
    // The EXCLUDE constraint is the judge; the look-up above only names the site first.
    if (sqlState(err) === '23P01') throw taken(site, body.from_date, body.to_date, false);
    throw err;
  }
}

/** GET /api/holds: the caller's holds (live ones first) and how many sites they hold. */
export async function listHolds(deps: Deps, userId: number): Promise<HoldList> {
  const now = deps.clock.now();
  const rows = await listHoldsOf(deps.database.db, userId, now);
  const clients = await clientNamesOf(
    deps.database.db,
    rows.map((r) => r.hold.clientId),
  );
  const results: Hold[] = rows.map(({ hold, name, productCode }) => {
    const p = periodOf(hold.period);
    const status = holdStatusOf(hold, now);
    return {
      ...answerOf(hold, now),
      product_id: hold.productId,
      product_name: name,
      site_code: productCode,
      from_date: p.from,
      to_date: p.to,
      renewable: status === 'active' && hold.renewedAt === null,
      requested_at: hold.requestedAt?.toISOString() ?? null,
      created_at: hold.createdAt.toISOString(),
      client_name: hold.clientId === null ? null : (clients.get(hold.clientId) ?? null),
    };
  });
  const live = results.filter((h) => h.status === 'active' || h.status === 'requested');
  return {
    results,
    held_sites: new Set(live.map((h) => h.product_id)).size,
    max_held_sites: MAX_HELD_SITES,
    hold_days: deps.config.holdDays,
  };
}

/**
 * GET /api/holds/sites: the live holds on these sites for the signed-in caller (a campaign's lines), each
 * marked as theirs or not; someone else's says no more than the site's page does ("On hold until ...").
 */
export async function holdsOnSites(
  deps: Deps,
  userId: number,
  productIds: number[],
): Promise<SiteHoldsForCaller> {
  const now = deps.clock.now();
  const rows = await findLiveHoldsOn(deps.database.db, productIds, now);
  // Only the caller's own holds name their client; someone else's say no more than the site's page.
  const clients = await clientNamesOf(
    deps.database.db,
    rows.map((r) => (r.heldByUserId === userId ? r.clientId : null)),
  );
  return {
    results: rows.map((row) => {
      const p = periodOf(row.period);
      const mine = row.heldByUserId === userId;
      return {
        id: row.id,
        product_id: row.productId,
        from_date: p.from,
        to_date: p.to,
        until: (row.holdExpiresAt ?? now).toISOString(),
        requested: row.requestedAt !== null,
        mine,
        // As in the caller's list: once, and not after another buyer asked.
        renewable: mine && row.requestedAt === null && row.renewedAt === null,
        client_name: mine && row.clientId !== null ? (clients.get(row.clientId) ?? null) : null,
      };
    }),
  };
}

async function ownHold(db: Db, id: number, userId: number): Promise<HoldRow> {
  const row = await findHoldOf(db, id, userId);
  if (!row) throw notFound('Hold');
  return row;
}

const ended = (status: HoldStatus) =>
  new HttpError(409, 'hold_ended', `This hold has ended (${status}); hold the dates again if they are free.`);

/** POST /api/holds/{id}/renew: once, HOLD_DAYS from now; not after another buyer asked for the dates. */
export async function renewHold(deps: Deps, userId: number, id: number): Promise<HoldAnswer> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const before = await ownHold(db, id, userId);
  const until = new Date(
    Math.max(now.getTime() + deps.config.holdDays * DAY_MS, before.holdExpiresAt?.getTime() ?? 0),
  );
  const renewed = await inTransaction(db, (tx) => renewOption(tx, id, userId, until, now));
  if (renewed) return answerOf(renewed, now);
  // Why not, from the row as it is now (a concurrent renew may have won).
  const row = await ownHold(db, id, userId);
  const status = holdStatusOf(row, now);
  if (status === 'requested')
    throw new HttpError(
      409,
      'hold_requested',
      `Another buyer asked for these dates, so this hold cannot be renewed: book or release it by ${formatDateTimeIst(row.holdExpiresAt ?? now)} IST.`,
    );
  if (status !== 'active') throw ended(status);
  throw new HttpError(409, 'already_renewed', 'A hold can be renewed once, and this one has been.');
}

/** DELETE /api/holds/{id}: the dates are free at once; releasing an ended hold answers it as it is. */
export async function releaseHold(deps: Deps, userId: number, id: number): Promise<HoldAnswer> {
  const db = deps.database.db;
  const now = deps.clock.now();
  await ownHold(db, id, userId);
  const released = await inTransaction(db, async (tx) => {
    const row = await releaseOption(tx, id, userId);
    // The buyer who asked for these dates hears they are free, in the release's transaction (decision 084).
    if (row?.requestedByUserId) {
      const site = await findSiteForHold(tx, row.productId);
      const asker = await findHolderContact(tx, row.requestedByUserId);
      await queueNotifications(tx, holdNotices(row, 'hold_dates_free', site?.name, asker, 'freed:asker'));
    }
    return row;
  });
  return answerOf(released ?? (await ownHold(db, id, userId)), now);
}

/**
 * POST /api/holds/{id}/request: another buyer asks for held dates. The holder is told (SMS and email,
 * through the outbox, in the same transaction) and has HOLD_REQUEST_HOURS to book or release; then the
 * hold lapses. Only the first ask changes anything; the asker is never named to the holder.
 */
export async function requestHold(deps: Deps, userId: number, id: number): Promise<HoldAnswer> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const live = await findLiveHold(db, id, now);
  if (!live) throw notFound('Hold');
  if (live.heldByUserId === userId)
    throw new HttpError(409, 'own_hold', 'This is your own hold: book it or release it in My Orders, Holds.');
  if (live.requestedAt) return answerOf(live, now);
  const deadline = new Date(now.getTime() + HOLD_REQUEST_HOURS * HOUR_MS);
  const asked = await inTransaction(db, async (tx) => {
    const row = await requestOption(tx, id, userId, deadline, now);
    if (!row?.heldByUserId) return undefined;
    const site = await findSiteForHold(tx, row.productId);
    const contact = await findHolderContact(tx, row.heldByUserId);
    await queueNotifications(tx, holdNotices(row, 'hold_requested', site?.name, contact, `request`));
    return row;
  });
  return answerOf(asked ?? (await findLiveHold(db, id, now)) ?? live, now);
}

/** The SMS and email (when known) of one event of a hold, to its holder or to the buyer who asked. */
function holdNotices(
  row: Pick<HoldRow, 'id' | 'period' | 'holdExpiresAt'>,
  template: 'hold_requested' | 'hold_expiring' | 'hold_expired' | 'hold_dates_free',
  siteName: string | undefined,
  contact: { phone: string; email: string | null } | undefined,
  event: string,
): NotificationRequest[] {
  if (!contact) return [];
  const p = periodOf(row.period);
  const payload = {
    siteName: siteName ?? 'your site',
    fromDate: p.from,
    toDate: p.to,
    until: row.holdExpiresAt ? `${formatDateTimeIst(row.holdExpiresAt)} IST` : undefined,
  };
  const key = `hold:${row.id}:${event}`;
  const out: NotificationRequest[] = [
    { dedupeKey: `${key}:sms`, channel: 'sms', recipient: contact.phone, template, payload },
  ];
  if (contact.email)
    out.push({
      dedupeKey: `${key}:email`,
      channel: 'email',
      recipient: contact.email.toLowerCase(),
      template,
      payload,
    });
  return out;
}

/**
 * The job queue's pass (modules/jobs): reminds each holder HOLD_REMINDER_HOURS before the end, once per
 * end (a renewed hold is reminded again before its new end), by SMS and email.
 */
export async function queueHoldReminders(db: Db, now: Date): Promise<{ queued: number }> {
  const due = await findHoldsEndingBy(db, now, new Date(now.getTime() + HOLD_REMINDER_HOURS * HOUR_MS));
  let queued = 0;
  for (const h of due) {
    const row = { id: h.id, period: h.period, holdExpiresAt: h.expiresAt };
    const event = `expiring:${h.expiresAt?.toISOString()}`;
    const notices = holdNotices(row, 'hold_expiring', h.siteName, { phone: h.phone, email: h.email }, event);
    queued += await inTransaction(db, (tx) => queueNotifications(tx, notices));
  }
  return { queued };
}

/**
 * The job queue's pass: options whose end has come free their dates. Each row changes once, whichever
 * process or pass gets to it (a guarded UPDATE; concurrent sweeps skip each other's locked rows).
 */
export async function expireHolds(db: Db, now: Date): Promise<{ expired: number; told: number }> {
  let expired = 0;
  for (;;) {
    const batch = await inTransaction(db, (tx) => expireLapsedOptions(tx, now, 500));
    expired += batch.length;
    if (batch.length < 500) break;
  }
  return { expired, told: await queueExpiryNotices(db, now) };
}

/** How far back the expiry notices look: far more than a pass apart, so a stopped job queue catches up. */
const EXPIRY_NOTICE_LOOKBACK_MS = 6 * HOUR_MS;

/**
 * After the sweep (decision 084): every option that expired lately, whoever cancelled it (the sweep, or a
 * hold, checkout or block on the site releasing it first), tells its holder it ended and the buyer who
 * asked for it that the dates are free, by SMS and email. The dedupe keys make each notice once however
 * many passes see the hold; the asker is told only while nothing else occupies the dates (a block or
 * another buyer may have taken them, or the asker holds them already).
 */
async function queueExpiryNotices(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - EXPIRY_NOTICE_LOOKBACK_MS);
  let told = 0;
  for (const h of await findExpiredOptionsSince(db, since, now)) {
    const row = { id: h.id, period: h.period, holdExpiresAt: h.expiresAt };
    const holder = { phone: h.phone, email: h.email };
    told += await inTransaction(db, async (tx) => {
      const notices = holdNotices(row, 'hold_expired', h.siteName, holder, 'expired:holder');
      if (h.requestedByUserId) {
        const p = periodOf(h.period);
        const free = (await findLiveOverlaps(tx, h.productId, p.from, p.to, now)).length === 0;
        const asker = free ? await findHolderContact(tx, h.requestedByUserId) : undefined;
        notices.push(...holdNotices(row, 'hold_dates_free', h.siteName, asker, 'freed:asker'));
      }
      return queueNotifications(tx, notices);
    });
  }
  return told;
}
