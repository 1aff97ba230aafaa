import {
  addDays,
  BLOCK_MAX_SPAN_DAYS,
  BLOCK_WINDOW_DAYS,
  DATES_TAKEN,
  daysBetween,
  formatDay,
  formatTimeIst,
  lastDayOf,
  type SiteBlock,
  type SiteBlockBody,
  toDateAfter,
  todayIst,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, HttpError, notFound, sqlState } from '../../lib/errors.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import {
  cancelBlock,
  insertBlock,
  releaseLapsedHolds,
  releaseLapsedOptions,
} from '../orders/order-records.service.ts';
import {
  type BlockRow,
  findOccupants,
  findOwnedSite,
  listBlocks,
  type Occupant,
} from './blocks.repository.ts';
import { lockSites } from './bookings.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** Who acts: the signed-in member and the media owner they act for. */
export interface Member {
  userId: number;
  mediaOwnerId: number;
}

/** "until 14:05" (IST), with the day when it is not today: "until 09:30 on 26 Nov 2026". */
export function holdUntil(until: Date, now: Date): string {
  const sameDay = todayIst(until) === todayIst(now);
  return `until ${formatTimeIst(until)}${sameDay ? '' : ` on ${formatDay(todayIst(until))}`}`;
}

/** "[2026-12-05,2026-12-13)" -> the first and the last day (inclusive). */
export function periodDays(period: string): { from: string; last: string } {
  const [lo, hi] = period.replace(/^[[(]|[)\]]$/g, '').split(',');
  return { from: lo, last: addDays(hi, -1) };
}

export function toSiteBlock(row: BlockRow): SiteBlock {
  const { from, last } = periodDays(row.period);
  return {
    id: row.id,
    site_id: row.productId,
    from_date: from,
    // Exclusive, like every to_date the API sends (the stored range's upper bound).
    to_date: addDays(last, 1),
    reason: row.blockReason ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

/** One sentence an owner understands: what holds the dates, and until when. */
export function describeOccupant(o: Occupant, now: Date): string {
  const days = `${formatDay(o.from)} to ${formatDay(addDays(o.toExclusive, -1))}`;
  const span = `from ${days}`;
  if (o.status === 'confirmed') return o.orderId ? `Booked by order #${o.orderId} ${span}` : `Booked ${span}`;
  if (o.status === 'blocked') return `Already blocked ${span}${o.reason ? ` (${o.reason})` : ''}`;
  if (o.status === 'option') return `On hold for a buyer ${holdUntil(o.holdExpiresAt ?? now, now)} (${days})`;
  return `Held in a buyer's cart ${holdUntil(o.holdExpiresAt ?? now, now)} (${days})`;
}

function datesTaken(occupants: Occupant[], now: Date): HttpError {
  const sentences = occupants.map((o) => describeOccupant(o, now));
  return new HttpError(409, DATES_TAKEN, `These dates cannot be blocked: ${sentences.join('; ')}.`, {
    from_date: sentences[0],
  });
}

async function ownedSite(deps: Deps, member: Member, siteId: number) {
  const site = await findOwnedSite(deps.database.db, siteId, member.mediaOwnerId);
  if (!site) throw notFound('Site');
  return site;
}

/** The rules the schema cannot know: the window starts today in IST and ends BLOCK_WINDOW_DAYS ahead. */
export function checkWindow(body: SiteBlockBody, now: Date) {
  const today = todayIst(now);
  const lastAllowed = addDays(today, BLOCK_WINDOW_DAYS);
  if (body.from_date < today) {
    throw badRequest('A block cannot start in the past.', { from_date: 'Choose today or a later date' });
  }
  // to_date is exclusive: the last day blocked is the day before it.
  if (lastDayOf(body.to_date) > lastAllowed) {
    throw badRequest(`A block can end at most ${BLOCK_WINDOW_DAYS} days ahead.`, {
      to_date: `The last day is ${formatDay(lastAllowed)} or earlier (to_date ${toDateAfter(lastAllowed)} at most)`,
    });
  }
  if (daysBetween(body.from_date, body.to_date) > BLOCK_MAX_SPAN_DAYS) {
    throw badRequest(`A block is at most ${BLOCK_MAX_SPAN_DAYS} days long.`, {
      to_date: `At most ${BLOCK_MAX_SPAN_DAYS} days`,
    });
  }
}

const MAX_ATTEMPTS = 3;

/**
 * POST /partner/sites/{id}/blocks: in one transaction, lapsed holds on the site are released and the block
 * is written; the EXCLUDE constraint judges the overlap, so a paid booking, a live hold or another block
 * (even one committed a moment ago by a concurrent request) answers 409 naming it, with nothing written.
 */
export function createBlock(
  deps: Deps,
  member: Member,
  siteId: number,
  body: SiteBlockBody,
  key?: string,
): Promise<SiteBlock> {
  const call = idempotentCall(member.userId, 'site_block', key, { siteId, ...body });
  return onceForKey(deps.database.db, call, async () => {
    const site = await ownedSite(deps, member, siteId);
    const now = deps.clock.now();
    checkWindow(body, now);
    const block = {
      productId: site.id,
      from: body.from_date,
      toExclusive: body.to_date,
      reason: body.reason,
      userId: member.userId,
      now,
    };
    const db = deps.database.db;
    return inTransaction(
      db,
      async (tx) => {
        await claimKey(tx, call, now);
        await releaseLapsedHolds(tx, site.id, now);
        // After the order locks releasing holds takes: orders, then sites (db/booking-occupancy.ts).
        await lockSites(tx, [site.id]);
        // Under the site's queue, as every writer of its live rows: a lapsed hold (option) stops counting.
        await releaseLapsedOptions(tx, now, [site.id]);
        const result = toSiteBlock(await insertBlock(tx, block));
        await recordResult(tx, call, result);
        return result;
      },
      {
        attempts: MAX_ATTEMPTS,
        retryWhen: async (err, _attempt, last) => {
          if (sqlState(err) !== '23P01') return false;
          const occupants = await findOccupants(db, site.id, block.from, block.toExclusive, now);
          if (occupants.length) throw datesTaken(occupants, now);
          // The rival rolled back after we collided with it: the dates are free again.
          if (last) throw conflict('Someone is booking these dates right now. Please try again.');
          return true;
        },
      },
    );
  });
}

/** DELETE /partner/sites/{id}/blocks/{blockId}: only a block of one's own site; bookings are never lifted. */
export async function removeBlock(deps: Deps, member: Member, siteId: number, blockId: number) {
  const site = await ownedSite(deps, member, siteId);
  const row = await cancelBlock(deps.database.db, site.id, blockId);
  if (!row) throw notFound('Block');
}

/** GET /partner/sites/{id}/blocks: the site's current and future blocks. */
export async function siteBlocks(deps: Deps, member: Member, siteId: number): Promise<SiteBlock[]> {
  const site = await ownedSite(deps, member, siteId);
  const rows = await listBlocks(deps.database.db, site.id, todayIst(deps.clock.now()));
  return rows.map(toSiteBlock);
}
