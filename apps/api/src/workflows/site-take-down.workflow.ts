import { type OpsSite, todayIst } from '@ooh/shared';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Clock } from '../lib/clock.ts';
import { queueSiteTakenDownToBuyers } from '../modules/notifications/notifications.service.ts';
import { orderContacts } from '../modules/orders/order-contacts.service.ts';
import { findGoingOnLinesOfSite } from '../modules/orders/order-lines.service.ts';
import { takeDownSiteIn } from '../modules/sites/site-holds.service.ts';

/*
 * An operator takes a site down (docs/product-rules.md section 7), in one transaction so nobody is told of a
 * take-down that did not happen and nobody is missed by one that did:
 * 1. the site leaves the catalogue, audited, its owner told (sites);
 * 2. the paid lines on it still to run or running are read (orders);
 * 3. each of their buyers is told through the outbox (notifications; orders reads each order's buyer). Their bookings go on and their money
 *    stays where it is until an operator decides: keep, move to another site, or cancel with a full refund.
 * A repeat of the take-down changes nothing and tells no one again.
 */
export async function takeDownSiteAndTellBuyers(
  deps: { db: Db; clock: Clock },
  operatorId: number,
  siteId: number,
  reason: string,
): Promise<OpsSite> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const done = await takeDownSiteIn(tx, now, operatorId, siteId, reason);
    if (done.taken) {
      const lines = await findGoingOnLinesOfSite(tx, siteId, todayIst(now));
      await queueSiteTakenDownToBuyers(
        tx,
        { eventKey: done.taken.eventKey, siteName: done.taken.name, siteCode: done.taken.code, lines },
        orderContacts,
      );
    }
    return done.site;
  });
}
