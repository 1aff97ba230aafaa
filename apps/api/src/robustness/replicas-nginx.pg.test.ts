import { and, eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { type Answer, bookAndPayOverHttp, call, futureWeek } from '../../test/http-journey.ts';
import { type Nginx, type Replica, startTopology, type Topology } from '../../test/replica-topology.ts';
import { testDatabaseUrl } from '../../test/test-db.ts';
import { bookings, campaigns, orderItems } from '../db/schema.ts';

/**
 * Issue 46 (DESIGN 21, decision 070): the deploy/ recipe as processes. One `npm run migrate`, then two
 * ROLE=web replicas and a ROLE=worker with MIGRATE=off and no secret of their own, s3rver for uploads, and
 * nginx running deploy/nginx.conf (ports and paths templated). A person signs in through one replica and
 * goes on on the other, pays through one and confirms on the other; buyers on both race for one site; the
 * proxy cache keeps anonymous reads and never a signed-in one; a replica stopped under load (SIGTERM, and
 * later kill -9) loses nothing acknowledged, and nginx answers no 5xx beyond the killed process's own
 * in-flight writes. The load here is small and counted, never timed; the 64-connection throughput figures
 * are `npm run bench:replicas` (docs/benchmarks.md).
 */
let top: Topology;
let a: Replica;
let b: Replica;
let nginx: Nginx;

beforeAll(async () => {
  top = await startTopology({
    baseUrl: testDatabaseUrl(),
    // This suite's range (the other process tests take 4200-4299).
    ports: { from: 4450, to: 4499 },
    env: { EXPENSIVE_READS_PER_IP_PER_MINUTE: '100000' },
  });
  [a, b] = await Promise.all([top.startWeb('web-a'), top.startWeb('web-b'), top.startWorker()]);
  nginx = await top.startNginx([a.port, b.port]);
}, 180_000);
afterAll(async () => {
  await top?.stop();
});

let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.46.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** Code sent through `first`, read from `second`'s dev outbox (the database's key), verified through `first`. */
async function signIn(first: string, second: string, phone: string): Promise<string> {
  const sent = await call(first, '/api/auth/otp/send', {
    body: { phone_number: phone },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(sent.status).toBe(200);
  const outbox = await call(
    second,
    `/api/dev/sms-outbox?key=${encodeURIComponent(top.devKey)}&phone_number=${phone}`,
  );
  expect(outbox.status).toBe(200);
  const code = /\b(\d{6})\b/.exec(outbox.body.messages?.[0]?.body ?? '')?.[1];
  const verified = await call(first, '/api/auth/otp/verify', {
    body: { verification_id: sent.body.verification_id, code },
  });
  expect(verified.status).toBe(200);
  const token = verified.body.token as string;
  const profile = await call(second, '/api/auth/update_user_by_phone/', {
    method: 'PATCH',
    token,
    body: {
      first_name: 'Asha',
      last_name: 'Buyer',
      phone_number: phone,
      company: 'Acme Outdoor Pvt Ltd',
      address_line_1: '4 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    },
  });
  expect(profile.status).toBe(200);
  return token;
}

// Five processes and a load of requests on two cores, beside the other layers of `npm test`: minutes, not seconds.
describe('two web replicas behind nginx, one worker, one PostgreSQL, S3', { timeout: 180_000 }, () => {
  it('signs in through one replica and goes on on the other and through nginx', async () => {
    const token = await signIn(a.url, b.url, '9812346001');
    for (const url of [a.url, b.url, nginx.url]) {
      const me = await call(url, '/api/auth/user/', { token });
      expect(me.status, url).toBe(200);
      // The profile saved through the other replica.
      expect(me.body.data[0]).toMatchObject({ phone_number: '9812346001', first_name: 'Asha' });
    }
  });

  it('checks out through one replica, pays in the other one’s window, confirms there; the artwork is shared', async () => {
    const token = await signIn(b.url, a.url, '9812346002');
    const site = await top.withDb((db) =>
      insertProduct(db, { name: 'Replica Bridge', widthFt: 30, heightFt: 10 }),
    );
    const week = futureWeek(35);
    const line = {
      product_id: site.id,
      from_date: week.from,
      to_date: week.to,
      campaign_id: null,
      customized: false,
    };
    const booked = await call(a.url, '/api/booking/book', { token, body: { amount: 10_500, data: [line] } });
    expect(booked.status).toBe(200);
    const out = await call(a.url, '/api/booking/checkout', {
      token,
      body: { order_id: booked.body.order_id, payment: 'online' },
    });
    expect(out.status).toBe(200);
    // The sandbox checkout window opens on the other replica (it was 404 there with per-process secrets).
    const window = await fetch(new URL(out.body.checkout_url, b.url));
    expect(window.status).toBe(200);
    await window.arrayBuffer();
    const payToken = new URL(out.body.checkout_url, b.url).searchParams.get('token');
    const paid = await call(b.url, '/api/payments/sandbox/pay', {
      body: { razor_pay_order_id: out.body.razor_pay_order_id, token: payToken },
    });
    expect(paid.status).toBe(200);
    const confirmed = await call(b.url, '/api/booking/confirm', {
      token,
      body: {
        order_id: booked.body.order_id,
        razorpay_order_id: paid.body.razorpay_order_id,
        payment_id: paid.body.razorpay_payment_id,
        signature: paid.body.razorpay_signature,
        amount: out.body.amount,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ data: 'Payment Success' });

    // Artwork uploaded through A is in S3, and B serves the same bytes.
    const [item] = await top.withDb((db) =>
      db.select().from(orderItems).where(eq(orderItems.orderId, booked.body.order_id)),
    );
    const art = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1e5ac8' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(art)], { type: 'image/jpeg' }), 'art.jpg');
    const uploaded = await fetch(`${a.url}/api/orders/${booked.body.order_id}/lines/${item.id}/creative`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const order = await call(b.url, `/api/orders/${booked.body.order_id}`, { token });
    const creativeId = order.body.lines[0].creative.id;
    const file = await fetch(`${b.url}/api/creatives/${creativeId}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(art)).toBe(true);
  });

  it('lets exactly one of ten buyers on both replicas book and pay the same site and week', async () => {
    const site = await top.withDb((db) => insertProduct(db, { name: 'Contested Replica Hoarding' }));
    const week = futureWeek(50);
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const [mine, other] = i % 2 ? [a, b] : [b, a];
        return {
          url: mine.url,
          token: await signIn(mine.url, other.url, `97100000${String(i).padStart(2, '0')}`),
        };
      }),
    );
    const journeys = await Promise.all(
      buyers.map((buyer) =>
        bookAndPayOverHttp(buyer.url, buyer.token, { productId: site.id, rupees: 10_500, week }),
      ),
    );
    const answers = journeys
      .flatMap((j) => [j.booked, j.out, j.paid, j.confirmed])
      .filter(Boolean) as Answer[];
    expect(answers.filter((x) => x.status >= 500)).toEqual([]);
    const winners = journeys.filter((j) => j.confirmed?.status === 200);
    expect(winners).toHaveLength(1);
    for (const j of journeys.filter((x) => x !== winners[0])) {
      const refused = [j.booked, j.out, j.paid, j.confirmed].find((x) => x && x.status !== 200);
      expect(refused?.status).toBe(409);
    }
    const confirmed = await top.withDb((db) =>
      db
        .select()
        .from(bookings)
        .where(and(eq(bookings.productId, site.id), eq(bookings.status, 'confirmed'))),
    );
    expect(confirmed.map((row) => row.orderId)).toEqual([winners[0].booked.body.order_id]);
  });

  it('keeps anonymous reads in the proxy cache (a MISS, then a HIT) and never a signed-in one', async () => {
    const site = await top.withDb((db) => insertProduct(db, { name: 'Cached Corner Hoarding' }));
    const token = await signIn(a.url, b.url, '9812346003');
    const read = async (route: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${nginx.url}${route}`, { headers });
      const body = await res.text();
      return {
        status: res.status,
        cache: res.headers.get('x-proxy-cache'),
        control: res.headers.get('cache-control'),
        body,
      };
    };
    const route = `/api/product/${site.id}?proxy-cache-test=1`;
    const first = await read(route);
    const second = await read(route);
    expect([first.status, first.cache]).toEqual([200, 'MISS']);
    expect([second.status, second.cache]).toEqual([200, 'HIT']);
    expect(second.body).toBe(first.body);
    expect(first.control).toMatch(/^public/);

    // Signed in: never answered from the cache nor kept in it.
    const list = `/api/product/?page=1&proxy-cache-test=${site.id}`;
    const signed = await read(list, { authorization: `Bearer ${token}` });
    expect([signed.status, signed.cache]).toEqual([200, 'BYPASS']);
    expect(signed.control).not.toMatch(/public/);
    const anonymous = await read(list);
    expect(anonymous.cache).toBe('MISS');
    const cookie = await read(`/api/saved_campaigns/?proxy-cache-test=${site.id}`, {
      cookie: 'ooh_session=x',
    });
    expect(cookie.cache).toBe('BYPASS');
  });

  it('stops a replica under load (SIGTERM, then kill -9 another time): nothing acknowledged lost, no 5xx beyond the killed one’s', async () => {
    const site = await top.withDb((db) => insertProduct(db, { name: 'Load Lane Hoarding' }));
    const token = await signIn(a.url, b.url, '9812346004');

    // SIGTERM of A a third of the way through: every answer through nginx is a 200 and A exits 0.
    const drained = await load(nginx.url, token, site.id, 'term', async () => {
      expect(await a.stop()).toEqual({ code: 0, signal: null });
    });
    expect(drained.errors).toEqual([]);
    expect(drained.results.filter((r) => r.status !== 200)).toEqual([]);
    await expectKept(drained.results);

    // A again (a rolling update's successor), then kill -9 of B a third of the way through.
    a = await top.startWeb('web-a2', a.port);
    // nginx took A out of rotation when its drain refused connections (max_fails=1) and tries it again only
    // after fail_timeout: a rolling update keeps the old replica until its successor is in rotation, so B
    // dies only once nginx would send to A again.
    await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS + 500));
    const killed = await load(nginx.url, token, site.id, 'kill', () => b.kill());
    expect(killed.errors).toEqual([]);
    const failed = killed.results.filter((r) => r.status !== 200);
    // Only a write B had been sent when it died can fail (nginx passes a GET to A, never a POST it sent):
    // a 502, at most one per load connection.
    for (const r of failed) expect([r.method, r.status]).toEqual(['POST', 502]);
    expect(failed.length).toBeLessThanOrEqual(CONNECTIONS);
    await expectKept(killed.results);

    // After it: A alone answers everything.
    const after = await load(nginx.url, token, site.id, 'after', async () => {});
    expect(after.errors).toEqual([]);
    expect(after.results.filter((r) => r.status !== 200)).toEqual([]);
    await expectKept(after.results);
  });
});

/** deploy/nginx.conf's `fail_timeout` of the web upstream. */
const NGINX_FAIL_TIMEOUT_MS = 5000;
const CONNECTIONS = 16;
const REQUESTS = 480;
interface Result {
  method: 'GET' | 'POST';
  status: number;
  campaignId?: number;
  name?: string;
}

/**
 * REQUESTS requests through nginx on CONNECTIONS loops, a third each of readiness (anonymous), a signed-in
 * read (never cached: it reaches a replica) and a write (a new campaign); `midway` runs once a third of
 * them have answered, while the rest go on.
 */
async function load(
  proxy: string,
  token: string,
  siteId: number,
  tag: string,
  midway: () => Promise<void>,
): Promise<{ results: Result[]; errors: string[] }> {
  const results: Result[] = [];
  const errors: string[] = [];
  let next = 0;
  let event: Promise<void> | undefined;
  const one = async (i: number) => {
    const kind = i % 3;
    try {
      if (kind === 2) {
        const name = `load-${tag}-${i}`;
        const res = await call(proxy, '/api/create_customized_campaign/', {
          token,
          body: { name, products: [{ product_id: siteId }] },
        });
        results.push({ method: 'POST', status: res.status, campaignId: res.body?.data?.id, name });
      } else {
        const res = await call(proxy, kind === 0 ? '/api/health/ready' : '/api/saved_campaigns/', {
          token: kind === 0 ? undefined : token,
        });
        results.push({ method: 'GET', status: res.status });
      }
    } catch (err) {
      errors.push(String((err as Error).cause ?? err));
    }
    if (!event && results.length + errors.length >= REQUESTS / 3) event = midway();
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) await one(next++);
    }),
  );
  await event;
  return { results, errors };
}

/** Every write answered 200 is in the database, under the name it was sent with. */
async function expectKept(results: Result[]) {
  const acknowledged = results.filter((r) => r.method === 'POST' && r.status === 200);
  expect(acknowledged.length).toBeGreaterThan(0);
  const rows = await top.withDb((db) =>
    db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(
        and(
          inArray(
            campaigns.id,
            acknowledged.map((r) => r.campaignId!),
          ),
          like(campaigns.name, 'load-%'),
        ),
      ),
  );
  expect(new Map(rows.map((r) => [r.id, r.name]))).toEqual(
    new Map(acknowledged.map((r) => [r.campaignId!, r.name!])),
  );
}
