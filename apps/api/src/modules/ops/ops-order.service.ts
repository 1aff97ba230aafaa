import type { OpsOrderAnswer } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { opsOrderDetail } from '../orders/ops-orders.service.ts';
import { linePayoutsOfOrder } from '../payouts/payouts.service.ts';

/**
 * GET /api/ops/orders/{id}: the order as the orders module reads it, each line with its payout as the
 * payouts module reads it (held, released, reversed, recovered, failed and the amounts), so an operator
 * sees on one page what the buyer paid and what each owner is paid for it.
 */
export async function opsOrderAnswer(db: Db, id: number): Promise<OpsOrderAnswer> {
  const order = await opsOrderDetail(db, id);
  const payouts = await linePayoutsOfOrder(db, id);
  return { ...order, items: order.items.map((l) => ({ ...l, payout: payouts.get(l.id) ?? null })) };
}
