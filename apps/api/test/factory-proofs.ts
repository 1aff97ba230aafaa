import { addDays, todayIst } from '@ooh/shared';
import { orderItems, orders, users } from '../src/db/schema.ts';
import type { Owner, Person } from './factory.ts';
import { insertProduct } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

/**
 * The factory's line that takes a proof now (test/factory.ts), written as rows, not through the API: a
 * proof goes on a line whose first day has come, and no booking can start today, so the API reaches that
 * line only by moving the test clock to a booked line's first day (as the completed order does), which
 * ends every session a test holds and moves every other fixture's dates.
 * Booking, payment and the creative's review have their own tests.
 */

export interface LineTakingProof {
  lineId: number;
  orderId: number;
  siteId: number;
  /** Where the site stands: where a Verified proof is taken. */
  latitude: number;
  longitude: number;
}

export function proofFixtures({ ctx, phone }: { ctx: TestContext; phone: () => string }) {
  /**
   * A paid line of 7 days from the clock's day (IST) on a fresh site of `of`, with its creative approved,
   * bought by `buyer` (default: someone with a fresh number; the user's row is made when missing).
   */
  async function lineTakingProof(
    of: Pick<Owner, 'id'>,
    buyer: Pick<Person, 'phone'> = { phone: phone() },
  ): Promise<LineTakingProof> {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const latitude = 18.94;
    const longitude = 72.83;
    const site = await insertProduct(db, { mediaOwnerId: of.id, latitude, longitude });
    const [user] = await db
      .insert(users)
      .values({ phoneNumber: buyer.phone })
      .onConflictDoUpdate({ target: users.phoneNumber, set: { phoneNumber: buyer.phone } })
      .returning({ id: users.id });
    const [order] = await db
      .insert(orders)
      .values({ userId: user.id, status: 'paid', amountPaise: 1_050_000, expiresAt: now, paidAt: now })
      .returning({ id: orders.id });
    const today = todayIst(now);
    const [line] = await db
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: site.id,
        campaignName: 'Proof sweep',
        fromDate: today,
        toDate: addDays(today, 7),
        days: 7,
        pricePaise: 1_050_000,
        status: 'creative_approved',
      })
      .returning({ id: orderItems.id });
    return { lineId: line.id, orderId: order.id, siteId: site.id, latitude, longitude };
  }

  return { lineTakingProof };
}
