import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac, webhookEvent } from '../../test/api-calls.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bookAndPayOverHttp, call, futureWeek, myOrders, signInOverHttp } from '../../test/http-journey.ts';
import {
  createProcessStore,
  type ProcessStore,
  SANDBOX_SECRET,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { bookings, orders, payments, sandboxPayments, webhookEvents } from '../db/schema.ts';

/**
 * Issue 6: kill -9 between payment and confirm loses nothing. The real server runs as a child process on
 * a database that outlives it (PGlite in a temp dir, or a fresh PostgreSQL database in the api-postgres
 * project). Two buyers pay in the sandbox window and the server is killed before either confirm arrives.
 * After a restart, the provider's webhook confirms the first; the reconciliation pass at start (no
 * webhook at all) confirms the second. Each order ends paid with exactly one payment row.
 */
const servers: ServerProcess[] = [];
let store: ProcessStore;

async function start(env: Record<string, string>) {
  const server = await startServerProcess(store, env);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  store = await createProcessStore();
});
afterAll(async () => {
  for (const s of servers) await s.kill();
  await store?.destroy();
});

interface Paid {
  token: string;
  orderId: number;
  providerOrderId: string;
  paymentId: string;
  amountPaise: number;
}
const paidBy: Paid[] = [];
const RECONCILE_OFF = { RECONCILE_INTERVAL_MS: '0' };

/** Order, its bookings and payment rows, read from the database (PGlite: only while no server runs). */
const stateOf = (orderId: number) =>
  store.withDb(async (db) => ({
    order: (await db.select().from(orders).where(eq(orders.id, orderId)))[0],
    bookings: await db.select().from(bookings).where(eq(bookings.orderId, orderId)),
    payments: await db.select().from(payments).where(eq(payments.orderId, orderId)),
  }));

describe('kill -9 between payment and confirm', () => {
  let restarted: ServerProcess;

  it('confirms the booking from the webhook after a restart', async () => {
    const sites = await store.withDb((db) =>
      Promise.all([insertProduct(db, { name: 'Killed Bridge' }), insertProduct(db, { name: 'Killed Mall' })]),
    );
    // Reconciliation off: only the webhook can confirm in this part.
    const first = await start(RECONCILE_OFF);
    for (const [i, site] of sites.entries()) {
      const token = await signInOverHttp(first, `981230000${i}`);
      const j = await bookAndPayOverHttp(
        first.url,
        token,
        { productId: site.id, rupees: 10_500, week: futureWeek() },
        false,
      );
      expect(j.paid?.status, JSON.stringify(j)).toBe(200);
      paidBy.push({
        token,
        orderId: j.booked.body.order_id,
        providerOrderId: j.paid?.body.razorpay_order_id,
        paymentId: j.paid?.body.razorpay_payment_id,
        amountPaise: j.out?.body.amount,
      });
    }
    // The provider has the money; the browser's confirm never arrives.
    await first.kill();

    restarted = await start(RECONCILE_OFF);
    const [a, b] = paidBy;
    expect(await myOrders(restarted.url, a.token)).toEqual([]);
    const body = webhookEvent('payment.captured', {
      providerOrderId: a.providerOrderId,
      paymentId: a.paymentId,
      amount: a.amountPaise,
      orderId: a.orderId,
    });
    // Signed as Razorpay signs: HMAC-SHA256 of the exact bytes sent (the sandbox's secret stands in).
    const deliver = async () => {
      const res = await fetch(`${restarted.url}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(SANDBOX_SECRET, body),
          'x-razorpay-event-id': 'evt_kill_1',
        },
        body,
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await deliver()).toEqual({ status: 200, body: { status: 'applied' } });
    // Razorpay redelivers until it hears 200; a redelivery changes nothing.
    expect(await deliver()).toEqual({ status: 200, body: { status: 'duplicate' } });
    expect(await myOrders(restarted.url, a.token)).toEqual([{ order_id: a.orderId, status: 'paid' }]);
    // No webhook for the second buyer, and no reconciliation: still unpaid.
    expect(await myOrders(restarted.url, b.token)).toEqual([]);
  }, 120_000);

  it('confirms the booking from the reconciliation pass at start, without any webhook', async () => {
    const [a, b] = paidBy;
    expect(b, 'the first test paid both orders').toBeDefined();
    expect(await restarted.stop()).toEqual({ code: 0, signal: null });

    const again = await start({ RECONCILE_INTERVAL_MS: '600000' });
    await expect
      .poll(() => myOrders(again.url, b.token), { timeout: 20_000, interval: 200 })
      .toEqual([{ order_id: b.orderId, status: 'paid' }]);
    // The late confirm from the first buyer's browser is still answered as a success, and adds nothing.
    const late = await call(again.url, '/api/booking/confirm', {
      token: a.token,
      body: {
        order_id: a.orderId,
        razorpay_order_id: a.providerOrderId,
        payment_id: a.paymentId,
        signature: hmac(SANDBOX_SECRET, `${a.providerOrderId}|${a.paymentId}`),
        amount: a.amountPaise,
      },
    });
    expect(late).toEqual({ status: 200, body: { data: 'Payment Success' } });
    expect(await again.stop(), again.output()).toEqual({ code: 0, signal: null });

    for (const p of [a, b]) {
      const state = await stateOf(p.orderId);
      expect(state.order.status).toBe('paid');
      expect(state.bookings.map((x) => x.status)).toEqual(['confirmed']);
      expect(state.payments.map((x) => [x.providerPaymentId, x.status, x.amountPaise])).toEqual([
        [p.paymentId, 'captured', p.amountPaise],
      ]);
    }
    const events = await store.withDb((db) => db.select().from(webhookEvents));
    expect(events.map((e) => e.eventId)).toEqual(['evt_kill_1']);
    const ledger = await store.withDb((db) => db.select().from(sandboxPayments));
    expect(ledger.map((l) => l.id).sort()).toEqual([a.paymentId, b.paymentId].sort());
  }, 120_000);
});
