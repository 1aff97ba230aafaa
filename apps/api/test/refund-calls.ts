import { eq } from 'drizzle-orm';
import { bookings, orderItems, refunds, sandboxRefunds } from '../src/db/schema.ts';
import { bearer, book, checkout, confirm, type Line, post, sandboxPay } from './api-calls.ts';
import type { TestContext } from './test-app.ts';

/**
 * The refund tests' calls (a paid order, a buyer's cancel, an operator's refund) and the refund rows they
 * leave. The payments, payouts, calendar and statements tests use them too.
 */

/** Books, checks out, pays in the sandbox window and confirms: the order is paid with a real sandbox payment. */
export async function paidOrder(
  ctx: TestContext,
  token: string,
  data: Line[],
  amount: number,
  /** The sandbox refuses this many of the payment's refunds first (a rehearsed outage). */
  refundFailures?: number,
): Promise<number> {
  const booked = await book(ctx, token, data, amount);
  if (booked.statusCode !== 200) throw new Error(`book: ${booked.statusCode} ${booked.body}`);
  const out = await checkout(ctx, token, booked.json().order_id);
  if (out.statusCode !== 200) throw new Error(`checkout: ${out.statusCode} ${out.body}`);
  const checkedOut = out.json();
  const payRes = await sandboxPay(ctx, checkedOut, refundFailures);
  if (payRes.statusCode !== 200) throw new Error(`pay: ${payRes.statusCode} ${payRes.body}`);
  const paidBody = payRes.json();
  const confirmed = await confirm(ctx, token, {
    order_id: checkedOut.order_id,
    razorpay_order_id: checkedOut.razor_pay_order_id,
    payment_id: paidBody.razorpay_payment_id,
    signature: paidBody.razorpay_signature,
    amount: checkedOut.amount,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return checkedOut.order_id;
}

export const cancel = (
  ctx: TestContext,
  token: string | null,
  orderId: number,
  body: { line_ids?: number[]; confirm?: boolean },
  key?: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

export const opsRefund = (
  ctx: TestContext,
  token: string | null,
  orderId: number,
  body: { amount: number; reason: string; parts?: { line_id: number; amount: number }[] },
  key?: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/ops/orders/${orderId}/refunds`,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

export const refundRows = (ctx: TestContext, orderId: number) =>
  ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

export const sandboxRefundRows = (ctx: TestContext) => ctx.database.db.select().from(sandboxRefunds);

export const lineIdsOf = async (ctx: TestContext, orderId: number) =>
  (
    await ctx.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id)
  ).map((r) => r.id);

export const bookingStatuses = async (ctx: TestContext, orderId: number) =>
  (
    await ctx.database.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.orderId, orderId))
  ).map((r) => r.s);

export { post };
