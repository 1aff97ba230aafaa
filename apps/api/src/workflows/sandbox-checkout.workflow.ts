import type { SandboxPayResponse } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { paymentOrders } from '../modules/orders/payment-orders.service.ts';
import type { PaymentOrderRow } from '../modules/payments/payments.service.ts';
import { sandboxOrder, sandboxPay } from '../modules/payments/sandbox.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

/*
 * The sandbox payment window's routes (payments routes; issue 43: payments reads no order table). Orders
 * sits above payments (decision 072), so each hands the payments module the orders module's reads:
 * - GET /api/payments/sandbox/checkout: payments checks the pay token, then orders reads the order of the
 *   provider order for the window;
 * - POST /api/payments/sandbox/pay: payments checks the pay token; in one transaction orders finds the
 *   order of the provider order and locks its row, payments captures (or answers) its one payment.
 */
export function sandboxCheckoutOrder(
  deps: Deps,
  providerOrderId: string,
  token: string,
): Promise<PaymentOrderRow> {
  return sandboxOrder(deps, providerOrderId, token, paymentOrders);
}

export function sandboxCheckoutPay(
  deps: Deps,
  providerOrderId: string,
  token: string,
  refundFailures?: number,
): Promise<SandboxPayResponse> {
  return sandboxPay(deps, providerOrderId, token, paymentOrders, refundFailures);
}
