import { expect } from 'vitest';
import { bearer, book, checkout, line, phoneOf, post, tokenFor } from '../../../test/api-calls.ts';
import { factory, type OwnerRow, testJobs } from '../../../test/factory.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../../../test/refund-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { signToken } from '../../lib/jwt.ts';
import { retryDueRefunds } from '../../workflows/settle-refund.workflow.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Issue 19's scripted life (shared by one-truth.cross-surface.test.ts on PGlite and its .pg.test.ts on
 * PostgreSQL; not a test itself). Three sites of one owner, 20-26 Dec 2026 (to_date 27 Dec, exclusive),
 * ₹1,500 a day, the buyer billed in Maharashtra (CGST + SGST):
 * - order 1, sites A and B paid online: ₹21,000 + 18 % = ₹24,780, each line's share ₹12,390;
 * - the buyer cancels line A 28 days ahead: 100 %, ₹12,390 back (credit note 1);
 * - an operator refunds line B's ₹3,000 in two parts: ₹2,000, which the payment provider refuses first
 *   (502, failed, no credit note) and the job queue's retry then processes (credit note 3), and ₹1,000,
 *   processed at once (credit note 2);
 * - order 2, site C for cash: ₹10,500 + 18 % = ₹12,390 to pay, recorded by an operator.
 */
export const FROM = '2026-12-20';
export const TO = '2026-12-27';
export const LAST_DAY = '2026-12-26';
export const PERIOD = '20 Dec 2026 - 26 Dec 2026';
export const BUYER_N = 1971;
export const BUYER_EMAIL = 'one.truth@example.com';

export interface Life {
  buyer: string;
  operator: string;
  owner: OwnerRow;
  sites: { a: number; b: number; c: number };
  online: { orderId: number; lineA: number; lineB: number };
  cash: { orderId: number; lineC: number };
  /** The refund ids in the order they were written: the buyer's, the failing ₹2,000, the ₹1,000. */
  refundIds: number[];
}

/** The payment provider refuses the next refund (as a gateway outage would), then works again. */
function failNextRefund(ctx: TestContext): void {
  const payments = ctx.app.deps.payments;
  if (!payments) throw new Error('no payment provider');
  const refund = payments.refund;
  payments.refund = async () => {
    payments.refund = refund;
    throw new Error('The sandbox is down for maintenance');
  };
}

export async function liveTheLife(ctx: TestContext): Promise<Life> {
  const db = ctx.database.db;
  const make = factory(ctx);
  const owner = await make.ownerRow();
  const [a, b, c] = [
    await make.siteRow(owner, { name: 'Truth Road A' }),
    await make.siteRow(owner, { name: 'Truth Road B' }),
    await make.siteRow(owner, { name: 'Truth Road C' }),
  ];
  await db
    .insert(users)
    .values({ phoneNumber: phoneOf(BUYER_N), email: BUYER_EMAIL, firstName: 'Meera', lastName: 'Rao' })
    .onConflictDoUpdate({
      target: users.phoneNumber,
      set: { email: BUYER_EMAIL, firstName: 'Meera', lastName: 'Rao' },
    });
  const buyer = await tokenFor(ctx, BUYER_N);
  const operator = (await signToken({ phone_number: OPERATOR_PHONE }, ctx.config.jwtSecret, ctx.clock.now()))
    .token;

  const orderId = await paidOrder(ctx, buyer, [line(a.id, FROM, TO), line(b.id, FROM, TO)], 21_000);
  const [lineA, lineB] = await lineIdsOf(ctx, orderId);
  const refundIds: number[] = [];
  const cancelled = await cancel(ctx, buyer, orderId, { line_ids: [lineA], confirm: true });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  refundIds.push(cancelled.json().refund.id);

  failNextRefund(ctx);
  const refused = await opsRefund(ctx, operator, orderId, { amount: 2000, reason: 'Board B lit late' });
  expect(refused.statusCode, refused.body).toBe(502);
  const failing = await ctx.app.inject({
    method: 'GET',
    url: '/api/ops/refunds?status=failed',
    headers: bearer(operator),
  });
  const failed = failing.json().refunds.find((r: { order_id: number }) => r.order_id === orderId);
  expect(failed).toMatchObject({ amount: 2000, status: 'failed', attempts: 1, needs_action: false });
  refundIds.push(failed.id);
  const second = await opsRefund(ctx, operator, orderId, { amount: 1000, reason: 'Board B dim at night' });
  expect(second.statusCode, second.body).toBe(200);
  refundIds.push(second.json().refund.id);
  // The job queue's retry, five minutes on, with the same idempotency key.
  ctx.clock.advance(5 * 60_000);
  const quiet = { warn: () => {}, info: () => {} };
  expect(await retryDueRefunds(ctx.app.deps, quiet)).toEqual({ processed: 1, failed: 0 });

  const cashBooked = await book(ctx, buyer, [line(c.id, FROM, TO)], 10_500);
  expect(cashBooked.statusCode, cashBooked.body).toBe(200);
  const cashOrderId = cashBooked.json().order_id as number;
  const cashOut = await checkout(ctx, buyer, cashOrderId, 'cash');
  expect(cashOut.statusCode, cashOut.body).toBe(200);
  const recorded = await post(ctx, `/api/ops/orders/${cashOrderId}/mark-paid`, operator, {
    amount: 12_390,
    reference: 'RCPT-1971',
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  const [lineC] = await lineIdsOf(ctx, cashOrderId);

  // Every queued SMS and email delivered into the dev outboxes.
  const jobs = testJobs(ctx);
  await jobs.runDueJobs();
  await jobs.runDueJobs();
  return {
    buyer,
    operator,
    owner,
    sites: { a: a.id, b: b.id, c: c.id },
    online: { orderId, lineA, lineB },
    cash: { orderId: cashOrderId, lineC },
    refundIds,
  };
}
