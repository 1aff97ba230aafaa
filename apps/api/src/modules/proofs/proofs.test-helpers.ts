import { addDays, todayIst } from '@ooh/shared';
import { insertProduct } from '../../../test/fixtures.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, users } from '../../db/schema.ts';

/**
 * A paid line on a fresh site of the owner that started today with its creative approved: what a proof
 * upload needs. Written directly (booking, payment and the creative's review have their own tests, and
 * no booking can start today), for the robustness sweeps.
 */
export async function lineTakingProof(
  db: Db,
  options: { ownerId: number; buyerPhone: string; now: Date },
): Promise<{ lineId: number; siteId: number; latitude: number; longitude: number }> {
  const site = await insertProduct(db, { mediaOwnerId: options.ownerId, latitude: 18.94, longitude: 72.83 });
  const [buyer] = await db
    .insert(users)
    .values({ phoneNumber: options.buyerPhone })
    .onConflictDoUpdate({ target: users.phoneNumber, set: { phoneNumber: options.buyerPhone } })
    .returning({ id: users.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.id,
      status: 'paid',
      amountPaise: 1_050_000,
      expiresAt: options.now,
      paidAt: options.now,
    })
    .returning({ id: orders.id });
  const today = todayIst(options.now);
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
  return { lineId: line.id, siteId: site.id, latitude: 18.94, longitude: 72.83 };
}
