import { rateCardProblems, type SiteBulkBody } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type BlockConflict, blockSites, bulkConflict } from '../bookings/bulk-blocks.service.ts';
import { audienceChanged } from './site-view.ts';
import { lockSite, type ProductRow, updateSite } from './sites.repository.ts';
import type { Acting } from './sites.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** The statuses each move starts from; a site already where the move leads is left as it is. */
const FROM: Record<'pause' | 'resume', { from: ProductRow['status']; to: ProductRow['status'] }> = {
  pause: { from: 'live', to: 'paused' },
  resume: { from: 'paused', to: 'live' },
};

/** A new price in paise: a whole rupee, at least ₹1. */
function newPricePaise(row: ProductRow, body: Extract<SiteBulkBody, { action: 'price' }>): number {
  const rupees =
    body.price !== undefined ? body.price : (row.pricePaise / 100) * (1 + (body.percent ?? 0) / 100);
  return Math.max(100, Math.round(rupees) * 100);
}

const paiseOrNull = (rupees: number | null) => (rupees == null ? null : Math.round(rupees * 100));

/**
 * The columns a `rates` action writes on one site: the fields given, checked against the site's own
 * daily price like one site's form (weekly <= daily, four-weekly <= weekly); a site they do not fit is a
 * 400 naming the field and the site, and nothing changes.
 */
function ratesOf(row: ProductRow, body: Extract<SiteBulkBody, { action: 'rates' }>) {
  const weeklyPricePaise =
    body.weekly_price === undefined ? row.weeklyPricePaise : paiseOrNull(body.weekly_price);
  const fourWeeklyPricePaise =
    body.four_weekly_price === undefined ? row.fourWeeklyPricePaise : paiseOrNull(body.four_weekly_price);
  const problems = rateCardProblems({
    dailyPaise: row.pricePaise,
    weeklyPaise: weeklyPricePaise,
    fourWeeklyPaise: fourWeeklyPricePaise,
  });
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (field && message) {
    const named = `${row.productCode}: ${message}`;
    throw badRequest(named, { [field]: named });
  }
  return {
    weeklyPricePaise,
    fourWeeklyPricePaise,
    ...(body.booking_duration === undefined
      ? {}
      : { bookingDuration: body.booking_duration, minDays: body.booking_duration }),
  };
}

/**
 * POST /api/partner/sites/bulk (docs/product-rules.md section 17, decision 046): one action on many own sites, all or
 * nothing. Another owner's site is a 404; sites the action cannot apply to are listed in one 409 and
 * nothing changes. Price changes apply to orders placed after them (docs/product-rules.md section 8); block rows are
 * the bookings module's, written through its service. `to_date` of a block is exclusive here.
 */
export async function bulkSites(
  deps: Deps,
  acting: Acting,
  body: SiteBulkBody,
): Promise<{ updated: number; site_ids: number[] }> {
  const ids = [...new Set(body.site_ids)];
  if (body.action === 'block') {
    const updated = await blockSites(deps, { userId: acting.userId, mediaOwnerId: acting.ownerId }, ids, {
      from_date: body.from_date,
      to_date: body.to_date,
      reason: body.reason,
    });
    return { updated, site_ids: ids };
  }
  const now = deps.clock.now();
  const updated = await inTransaction(deps.database.db, async (tx) => {
    const rows: ProductRow[] = [];
    // Locked in id order, so two bulk changes over overlapping sites never deadlock.
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await lockSite(tx, id, acting.ownerId);
      if (!row) throw notFound('Site');
      rows.push(row);
    }
    const conflicts: BlockConflict[] = [];
    let changed = 0;
    for (const row of rows) {
      const index = body.site_ids.indexOf(row.id);
      if (body.action === 'price' || body.action === 'rates') {
        // A price or rate change is new business: refused on a site taken down or suspended.
        if (['taken_down', 'suspended'].includes(row.status)) {
          conflicts.push({
            index,
            siteId: row.id,
            siteCode: row.productCode,
            message: `it is ${row.status.replace('_', ' ')}`,
          });
          continue;
        }
        const values =
          body.action === 'price' ? { pricePaise: newPricePaise(row, body) } : ratesOf(row, body);
        await updateSite(tx, row.id, { ...values, updatedAt: now });
        changed += 1;
        continue;
      }
      if (body.action === 'audience') {
        const values = {
          audienceSource: body.audience_source,
          audienceMeasuredOn: body.audience_measured_on,
          audienceMethod: body.audience_method,
        };
        if (!audienceChanged(row, values)) continue;
        // The verified mark belonged to the figure as it was described (decision 080).
        await updateSite(tx, row.id, {
          ...values,
          audienceVerifiedAt: null,
          audienceVerifiedBy: null,
          updatedAt: now,
        });
        changed += 1;
        continue;
      }
      const move = FROM[body.action];
      if (row.status === move.to) continue;
      if (row.status !== move.from) {
        conflicts.push({
          index,
          siteId: row.id,
          siteCode: row.productCode,
          message: `only a ${move.from} site can be ${body.action === 'pause' ? 'paused' : 'resumed'}; this one is ${row.status}`,
        });
        continue;
      }
      await updateSite(tx, row.id, { status: move.to, updatedAt: now });
      changed += 1;
    }
    // Throwing rolls back whatever this transaction changed: all or nothing.
    if (conflicts.length)
      throw bulkConflict(
        body.action,
        conflicts.sort((a, b) => a.index - b.index),
      );
    return changed;
  });
  return { updated, site_ids: ids };
}
