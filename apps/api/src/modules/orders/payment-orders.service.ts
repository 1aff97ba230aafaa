import { lockOrder } from './order-records.repository.ts';
import {
  findOrderByProviderOrderId,
  findOrderOfUser,
  findOrdersToReconcile,
} from './payment-orders.repository.ts';

/**
 * The orders module's reads for the payments module's entry points (the confirm, the webhook, an
 * operator's cash payment, the reconciliation, the sandbox window): the buyer's order, the order of a
 * provider order, the order's row lock and the orders to reconcile. Payments sits below orders (decision
 * 072), so it never imports this: the pay and sandbox-checkout workflows hand it over as payments'
 * PaymentOrders.
 */
export const paymentOrders = {
  orderOfUser: findOrderOfUser,
  orderByProviderOrderId: findOrderByProviderOrderId,
  lockOrder,
  ordersToReconcile: findOrdersToReconcile,
};
