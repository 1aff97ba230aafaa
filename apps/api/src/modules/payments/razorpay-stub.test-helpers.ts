import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Shared by the Razorpay tests (not a test itself). */
export const KEY_ID = 'rzp_test_stubkey';
export const KEY_SECRET = 'stub_key_secret';
export const WEBHOOK_SECRET = 'stub_webhook_secret';

interface StubRequest {
  method?: string;
  url?: string;
  body: Record<string, unknown>;
}

/** A refund as the stub made it: one per X-Refund-Idempotency key, as Razorpay documents. */
export interface StubRefund {
  id: string;
  paymentId: string;
  amount: number;
  key: string;
}

/** A payment as Razorpay's API lists it (the fields we read, and a few we do not). */
export interface StubPayment {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amount: number;
  currency?: string;
}

/**
 * A stand-in for Razorpay's API on loopback: POST /v1/orders, GET /v1/orders/{id}/payments and
 * POST /v1/payments/{id}/refund (idempotent per X-Refund-Idempotency key).
 * Checks basic auth and the body the SDK sends, as Razorpay would.
 */
export function startStub() {
  const seen: StubRequest[] = [];
  const paymentsOf = new Map<string, StubPayment[]>();
  const refunds = new Map<string, StubRefund>();
  const refundCalls: { paymentId: string; key: string | undefined; body: Record<string, unknown> }[] = [];
  let failNext = 0;
  let count = 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    seen.push({ method: req.method, url: req.url, body });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return reply(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    const refundPath = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refundPath) {
      const header = req.headers['x-refund-idempotency'];
      refundCalls.push({
        paymentId: decodeURIComponent(refundPath[1]),
        key: typeof header === 'string' ? header : undefined,
        body,
      });
    }
    if (failNext) {
      failNext -= 1;
      return reply(500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } });
    }
    const listed = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? '');
    if (req.method === 'GET' && listed) {
      const items = (paymentsOf.get(decodeURIComponent(listed[1])) ?? []).map((p) => ({
        entity: 'payment',
        currency: 'INR',
        order_id: listed[1],
        method: 'upi',
        captured: p.status === 'captured',
        ...p,
      }));
      return reply(200, { entity: 'collection', count: items.length, items });
    }
    const refunding = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refunding) {
      const key = req.headers['x-refund-idempotency'];
      if (typeof key === 'string' && !/^[A-Za-z0-9_-]{10,}$/.test(key))
        return reply(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'invalid idempotency key' } });
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100 || body.speed !== 'normal')
        return reply(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'invalid refund' } });
      const paymentId = decodeURIComponent(refunding[1]);
      const existing = typeof key === 'string' ? refunds.get(key) : undefined;
      const refund = existing ?? {
        id: `rfnd_stub${refunds.size + 1}`,
        paymentId,
        amount: body.amount as number,
        key: String(key),
      };
      if (typeof key === 'string') refunds.set(key, refund);
      return reply(200, {
        id: refund.id,
        entity: 'refund',
        amount: refund.amount,
        currency: 'INR',
        payment_id: paymentId,
        notes: body.notes ?? {},
        receipt: body.receipt ?? null,
        speed_requested: 'normal',
        status: 'processed',
      });
    }
    if (req.method !== 'POST' || req.url !== '/v1/orders')
      return reply(404, { error: { code: 'NOT_FOUND' } });
    if (
      !Number.isInteger(body.amount) ||
      (body.amount as number) < 100 ||
      body.currency !== 'INR' ||
      typeof body.receipt !== 'string'
    ) {
      return reply(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'invalid order' } });
    }
    count += 1;
    return reply(200, {
      id: `order_stub${count}`,
      entity: 'order',
      status: 'created',
      amount_paid: 0,
      attempts: 0,
      ...body,
    });
  });
  return {
    seen,
    /** What GET /v1/orders/{id}/payments answers for this order from now on. */
    setPayments: (providerOrderId: string, payments: StubPayment[]) => {
      paymentsOf.set(providerOrderId, payments);
    },
    /** The refunds made, one per idempotency key. */
    refunds: () => [...refunds.values()],
    /** Every refund call, with its X-Refund-Idempotency header. */
    refundCalls,
    failOnce: () => {
      failNext = 1;
    },
    listen: (port = 0) =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        );
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
