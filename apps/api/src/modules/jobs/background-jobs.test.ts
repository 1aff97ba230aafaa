import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, phoneOf, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, mailTo, type NoticedOrder, smsTo, testJobs } from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderItems, orderLineEvents } from '../../db/schema.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * One paid line, 1-8 Dec 2026, walked through its deadlines with the manual clock: creative due 28 Nov
 * (reminded from 26 Nov, overdue from 29 Nov), proof due 3 Dec 00:00 IST (reminded from 30 Nov 00:00 IST),
 * completed once 8 Dec is over in India.
 */
const OPERATOR = 99;
let ctx: TestContext;
let make: Factory;
let jobs: JobQueue;
let made: NoticedOrder;
let lineId: number;
let orderId: number;

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: phoneOf(OPERATOR) } });
  make = factory(ctx);
  made = await make.paidOrderWithOwner('Worli Sea Face Unipole');
  ({ lineId, orderId } = made);
  jobs = testJobs(ctx);
  await jobs.runDueJobs(); // the booking confirmations go out
});
afterAll(() => ctx.close());

const at = async (instant: string) => {
  ctx.clock.set(new Date(instant));
  await jobs.runDueJobs();
};
const buyerTexts = async () => (await smsTo(ctx, made.buyer.phone)).map((m) => m.body).slice(1);
const ownerTexts = async () => (await smsTo(ctx, made.owner.phone)).map((m) => m.body).slice(1);
const overdue = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/ops/overdue',
    headers: bearer(await tokenFor(ctx, OPERATOR)),
  });
  expect(res.statusCode).toBe(200);
  return res.json().lines as Array<Record<string, unknown>>;
};
const statusOf = async () =>
  (
    await ctx.database.db.select({ s: orderItems.status }).from(orderItems).where(eq(orderItems.id, lineId))
  )[0]!.s;

describe('reminders, the overdue list and line completion', () => {
  it('reminds nobody before the creative reminder window', async () => {
    await at('2026-11-25T12:00:00Z');
    expect(await buyerTexts()).toEqual([]);
    expect(await overdue()).toEqual([]);
  });

  it('reminds the buyer once that the creative is due (SMS and email)', async () => {
    await at('2026-11-26T04:00:00Z');
    await at('2026-11-27T04:00:00Z');
    expect(await buyerTexts()).toEqual([
      `AdSpace India: the artwork for Worli Sea Face Unipole (1 Dec 2026 - 7 Dec 2026) is due by 28 Nov 2026. Upload it in your order #${orderId}.`,
    ]);
    expect((await mailTo(ctx, made.buyerEmail)).map((m) => m.subject)).toContain(
      'AdSpace India: artwork due by 28 Nov 2026',
    );
  });

  it('still due on its last day (28 Nov IST); overdue from 29 Nov: reminded once and listed for operators', async () => {
    await at('2026-11-28T18:00:00Z'); // 28 Nov 23:30 IST
    expect(await overdue()).toEqual([]);
    await at('2026-11-29T04:00:00Z');
    await at('2026-11-29T08:00:00Z');
    expect((await buyerTexts()).slice(1)).toEqual([
      `AdSpace India: the artwork for Worli Sea Face Unipole (1 Dec 2026 - 7 Dec 2026) is overdue (due 28 Nov 2026). Upload it now in your order #${orderId} so the ad can go up.`,
    ]);
    expect(await overdue()).toEqual([
      expect.objectContaining({
        line_id: lineId,
        order_id: orderId,
        kind: 'creative',
        status: 'scheduled',
        days_overdue: 1,
        media_owner: made.owner.name,
        due: '2026-11-28',
      }),
    ]);
  });

  it('reminds the media owner about the proof before the start and once overdue', async () => {
    const db = ctx.database.db;
    // The creative work is not this test's: the line is simply set approved.
    await db.update(orderItems).set({ status: 'creative_approved' }).where(eq(orderItems.id, lineId));
    await at('2026-11-29T12:00:00Z');
    expect(await ownerTexts()).toEqual([]);
    expect(await overdue()).toEqual([]);
    await at('2026-11-30T20:00:00Z'); // 1 Dec 01:30 IST
    await at('2026-12-02T12:00:00Z');
    expect(await ownerTexts()).toEqual([
      `AdSpace India: the posting proof for Worli Sea Face Unipole (1 Dec 2026 - 7 Dec 2026) is due by 3 Dec 2026 (order #${orderId}).`,
    ]);
    await at('2026-12-03T00:00:00Z'); // 05:30 IST, 48 hours after the start
    await at('2026-12-04T00:00:00Z');
    expect((await ownerTexts()).slice(1)).toEqual([
      `AdSpace India: the posting proof for Worli Sea Face Unipole (1 Dec 2026 - 7 Dec 2026) is overdue, it was due 3 Dec 2026 (order #${orderId}). Upload the photos now.`,
    ]);
    expect((await mailTo(ctx, made.owner.email)).map((m) => m.subject)).toEqual([
      `AdSpace India: new booking #${orderId}`,
      'AdSpace India: posting proof due by 3 Dec 2026',
      'AdSpace India: posting proof overdue',
    ]);
    expect(await overdue()).toEqual([
      expect.objectContaining({ line_id: lineId, kind: 'proof', days_overdue: 1 }),
    ]);
  });

  it('completes the line once its to_date is over in India, as the system, on the timeline', async () => {
    await at('2026-12-08T18:00:00Z'); // 8 Dec 23:30 IST: still running
    expect(await statusOf()).toBe('creative_approved');
    await at('2026-12-08T18:31:00Z'); // 9 Dec 00:01 IST
    await at('2026-12-09T18:31:00Z');
    expect(await statusOf()).toBe('completed');
    const events = await ctx.database.db
      .select()
      .from(orderLineEvents)
      .where(eq(orderLineEvents.orderItemId, lineId));
    expect(events.filter((e) => e.toStatus === 'completed')).toEqual([
      expect.objectContaining({ fromStatus: 'creative_approved', actorRole: 'system', actorUserId: null }),
    ]);
    expect(await overdue()).toEqual([]);
  });

  it('GET /api/ops/overdue is for operators only', async () => {
    // A token of the clock's day: the one signed for the order lapsed with the days walked through.
    await make.refresh(made.buyer);
    const buyer = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/overdue',
      headers: made.buyer.headers,
    });
    expect(buyer.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ops/overdue' })).statusCode).toBe(401);
  });
});
