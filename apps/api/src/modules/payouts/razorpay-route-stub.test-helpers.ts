import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_ID, KEY_SECRET } from '../payments/razorpay-stub.test-helpers.ts';

/*
 * A stand-in for Razorpay's API on loopback, shaped like the real one (not a test itself): orders and
 * refunds enough to pay and refund, and Route: POST /v2/accounts, /v2/accounts/{id}/stakeholders,
 * /v2/accounts/{id}/products, PATCH /v2/accounts/{id}/products/{id}; POST and GET
 * /v1/payments/{id}/transfers, POST /v1/transfers, GET and PATCH /v1/transfers/{id},
 * POST and GET /v1/transfers/{id}/reversals, GET /v1/transfers?recipient_settlement_id=. Basic auth and the request bodies are checked as Razorpay checks them.
 */

export interface StubTransfer {
  id: string;
  entity: 'transfer';
  status: string;
  source: string | null;
  recipient: string;
  amount: number;
  currency: 'INR';
  amount_reversed: number;
  notes: Record<string, string>;
  on_hold: boolean;
  settlement_status: 'on_hold' | 'pending' | 'settled';
  recipient_settlement_id: string | null;
  created_at: number;
}

const bad = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

export function startRouteStub() {
  const seen: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
  const accounts = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, StubTransfer>();
  const captured = new Map<string, number>();
  const reversals: Array<Record<string, unknown> & { transfer_id: string }> = [];
  let failNext = 0;
  /** Transfers made while this is set start `pending` (Razorpay processes them later, or fails them). */
  let pendingTransfers = false;
  /** Route calls that are applied but answered 500 (a lost answer); only those `loseWhich` picks. */
  let loseNext = 0;
  let loseWhich: (method: string, url: string) => boolean = () => true;
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const method = req.method ?? 'GET';
    const url = req.url ?? '';
    seen.push({ method, url, body });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`)
      return reply(401, bad('Authentication failed'));
    const route = url.startsWith('/v2/') || url.includes('transfers');
    if (route && failNext) {
      failNext -= 1;
      return reply(500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } });
    }
    const answer = (status: number, payload: unknown) => {
      if (route && loseNext && loseWhich(method, url)) {
        loseNext -= 1;
        return reply(500, { error: { code: 'SERVER_ERROR', description: 'Gateway timeout' } });
      }
      return reply(status, payload);
    };
    n += 1;
    let m: RegExpExecArray | null;
    if (method === 'POST' && url === '/v1/orders')
      return reply(200, {
        id: `order_route${n}`,
        entity: 'order',
        status: 'created',
        amount_paid: 0,
        ...body,
      });
    m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url);
    if (method === 'POST' && m)
      return reply(200, {
        id: `rfnd_route${n}`,
        entity: 'refund',
        amount: body.amount,
        payment_id: m[1],
        status: 'processed',
      });
    if (method === 'POST' && url === '/v2/accounts') {
      const profile = body.profile as {
        category?: unknown;
        addresses?: { registered?: Record<string, unknown> };
      };
      if (
        body.type !== 'route' ||
        typeof body.email !== 'string' ||
        typeof body.legal_business_name !== 'string'
      )
        return reply(400, bad('type, email and legal_business_name are required'));
      if (typeof profile?.category !== 'string' || !profile.addresses?.registered?.postal_code)
        return reply(400, bad('profile.category and the registered address are required'));
      const account = { id: `acc_route${n}`, entity: 'account', type: 'route', status: 'created', ...body };
      accounts.set(account.id, account);
      return answer(200, account);
    }
    m = /^\/v2\/accounts\/([^/]+)\/stakeholders$/.exec(url);
    if (method === 'POST' && m) {
      if (!accounts.has(m[1])) return reply(400, bad('The id provided does not exist'));
      if (typeof body.name !== 'string') return reply(400, bad('name is required'));
      return answer(200, { entity: 'stakeholder', id: `sth_route${n}`, ...body });
    }
    m = /^\/v2\/accounts\/([^/]+)\/products$/.exec(url);
    if (method === 'POST' && m) {
      if (!accounts.has(m[1]) || body.product_name !== 'route')
        return reply(400, bad('invalid product request'));
      return answer(200, {
        id: `acc_prd_route${n}`,
        product_name: 'route',
        activation_status: 'needs_clarification',
        requirements: [{ field_reference: 'settlements.account_number', status: 'required' }],
      });
    }
    m = /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/.exec(url);
    if (method === 'PATCH' && m) {
      const s = body.settlements as Record<string, unknown> | undefined;
      if (!accounts.has(m[1]) || typeof s?.account_number !== 'string' || typeof s.ifsc_code !== 'string')
        return reply(400, bad('settlements.account_number and ifsc_code are required'));
      return answer(200, {
        id: m[2],
        product_name: 'route',
        activation_status: 'activated',
        requirements: [],
      });
    }
    const make = (
      source: string | null,
      t: Record<string, unknown>,
      onHold: boolean,
    ): StubTransfer | string => {
      if (!accounts.has(String(t.account))) return 'The account id is invalid';
      if (!Number.isInteger(t.amount) || (t.amount as number) < 100 || t.currency !== 'INR')
        return 'invalid amount';
      const transfer: StubTransfer = {
        id: `trf_route${n}`,
        entity: 'transfer',
        status: pendingTransfers ? 'pending' : 'processed',
        source,
        recipient: String(t.account),
        amount: t.amount as number,
        currency: 'INR',
        amount_reversed: 0,
        notes: (t.notes ?? {}) as Record<string, string>,
        on_hold: onHold,
        settlement_status: onHold ? 'on_hold' : 'pending',
        recipient_settlement_id: null,
        created_at: Math.floor(Date.now() / 1000),
      };
      transfers.set(transfer.id, transfer);
      return transfer;
    };
    m = /^\/v1\/payments\/([^/]+)\/transfers$/.exec(url);
    if (m) {
      const paymentId = decodeURIComponent(m[1]);
      const ofPayment = [...transfers.values()].filter((t) => t.source === paymentId);
      if (method === 'GET')
        return answer(200, { entity: 'collection', count: ofPayment.length, items: ofPayment });
      const list = Array.isArray(body.transfers) ? (body.transfers as Array<Record<string, unknown>>) : [];
      const cap = captured.get(paymentId);
      const asked = list.reduce((s, t) => s + Number(t.amount), 0);
      const already = ofPayment
        .filter((t) => t.status !== 'failed')
        .reduce((s, t) => s + t.amount - t.amount_reversed, 0);
      if (cap !== undefined && already + asked > cap)
        return reply(
          400,
          bad('The sum of amount requested for transfer is greater than the captured amount'),
        );
      const made = list.map((t) => make(paymentId, t, t.on_hold === 1 || t.on_hold === true));
      const error = made.find((t) => typeof t === 'string');
      if (error) return reply(400, bad(error as string));
      return answer(200, { entity: 'collection', count: made.length, items: made });
    }
    if (method === 'POST' && url === '/v1/transfers') {
      const made = make(null, body, false);
      return typeof made === 'string' ? reply(400, bad(made)) : answer(200, made);
    }
    m = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(url);
    if (m && method === 'GET') {
      const items = reversals.filter((r) => r.transfer_id === m![1]);
      return answer(200, { entity: 'collection', count: items.length, items });
    }
    if (m && method === 'POST') {
      const t = transfers.get(m[1]);
      if (!t) return reply(400, bad('The id provided does not exist'));
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || t.amount_reversed + amount > t.amount)
        return reply(400, bad('The reversal amount is greater than the unreversed amount'));
      t.amount_reversed += amount;
      t.status = t.amount_reversed === t.amount ? 'reversed' : 'partially_reversed';
      const reversal = {
        id: `rvrsl_route${n}`,
        entity: 'reversal',
        transfer_id: t.id,
        amount,
        currency: 'INR',
        // Razorpay answers [] for no notes.
        notes: (body.notes ?? []) as Record<string, string> | [],
        created_at: Math.floor(Date.now() / 1000),
      };
      reversals.push(reversal);
      return answer(200, reversal);
    }
    if (method === 'GET' && url.startsWith('/v1/transfers?')) {
      const q = new URL(url, 'http://stub').searchParams;
      const settlement = q.get('recipient_settlement_id');
      const all = [...transfers.values()].filter(
        (t) => !settlement || t.recipient_settlement_id === settlement,
      );
      const skip = Number(q.get('skip') ?? 0);
      const items = all.slice(skip, skip + Number(q.get('count') ?? 10));
      return answer(200, { entity: 'collection', count: items.length, items });
    }
    m = /^\/v1\/transfers\/([^/]+)$/.exec(url);
    if (m) {
      const t = transfers.get(m[1]);
      if (!t) return reply(400, bad('The id provided does not exist'));
      if (method === 'PATCH') {
        if (body.on_hold === undefined) return reply(400, bad('on_hold is required'));
        t.on_hold = body.on_hold === 1 || body.on_hold === true;
        t.settlement_status = t.on_hold ? 'on_hold' : 'pending';
      }
      return answer(200, t);
    }
    return reply(404, { error: { code: 'NOT_FOUND' } });
  });
  return {
    seen,
    transfers: () => [...transfers.values()],
    setCaptured: (paymentId: string, amount: number) => captured.set(paymentId, amount),
    failNext: (times = 1) => {
      failNext = times;
    },
    loseNext: (times = 1, which: (method: string, url: string) => boolean = () => true) => {
      loseNext = times;
      loseWhich = which;
    },
    reversals: () => reversals,
    markFailed: (id: string) => {
      const t = transfers.get(id);
      if (t) t.status = 'failed';
    },
    markProcessed: (id: string) => {
      const t = transfers.get(id);
      if (t) t.status = 'processed';
    },
    pendingTransfers: (on: boolean) => {
      pendingTransfers = on;
    },
    /** Razorpay settles released transfers to the linked account: they carry the settlement's id. */
    settle: (ids: string[], settlementId: string) => {
      for (const id of ids) {
        const t = transfers.get(id);
        if (t) {
          t.recipient_settlement_id = settlementId;
          t.settlement_status = 'settled';
        }
      }
    },
    listen: () =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        );
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
