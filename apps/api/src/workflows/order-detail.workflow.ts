import type { OrderDetail } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { creativeView } from '../modules/creatives/creative-view.ts';
import { type OrderViewer, orderDetail as orderPage } from '../modules/orders/order-detail.service.ts';
import { payoutStatesOfOrder } from '../modules/payouts/payouts.service.ts';

/*
 * GET /api/orders/{id} (decision 072): the order page is the orders module's read (the one ledger, lines,
 * timelines, proofs, invoice), with each line's payout state from payouts and its creative as the
 * creatives module answers it. Both modules sit above orders, so this read is composed here.
 */
export function orderDetail(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  orderId: number,
  viewer: OrderViewer,
): Promise<OrderDetail> {
  return orderPage(deps, orderId, viewer, { payoutStatesOfOrder, creativeView });
}
