import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Owner } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { orderItems } from '../../db/schema.ts';

// The clock stands at 2026-11-22 (IST): the earliest start is 2026-11-29.
const FROM = '2026-12-01';
const TO = '2026-12-15';
const plus = (days: number) =>
  new Date(Date.parse(`${FROM}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Deal {
  id: number;
  name: string;
  product_ids: number[];
  price: number;
  notes: string | null;
}

describe('packages (decision 090)', () => {
  let ctx: TestContext;
  let make: Factory;
  let owner: Owner;
  let other: Owner;

  beforeAll(async () => {
    ctx = await createFactoryApp();
    make = factory(ctx);
    owner = await make.owner({ members: ['manager', 'field'] });
    other = await make.owner();
  });
  afterAll(() => ctx.close());

  const body = (ids: number[], extra: Record<string, unknown> = {}) => ({
    name: 'Ring road pair',
    product_ids: ids,
    from_date: FROM,
    to_date: TO,
    price: 20_000,
    ...extra,
  });

  it('is created by a manager from its own live sites, listed, and withdrawn; another owner gets 404', async () => {
    const a = await make.site(owner, 'live');
    const b = await make.site(owner, 'live');
    const made = expectStatus<Deal>(
      await make.call(
        owner.members.manager!,
        'POST',
        '/api/partner/packages',
        body([a.id, b.id], { notes: 'Both faces' }),
      ),
      201,
    );
    expect(made).toMatchObject({
      name: 'Ring road pair',
      product_ids: [a.id, b.id],
      price: 20_000,
      notes: 'Both faces',
    });
    const listed = expectStatus<{ results: Deal[] }>(
      await make.call(owner.admin, 'GET', '/api/partner/packages'),
    );
    expect(listed.results.map((d) => d.id)).toEqual([made.id]);
    expect(
      expectStatus<{ results: Deal[] }>(await make.call(other.admin, 'GET', '/api/partner/packages')).results,
    ).toEqual([]);
    const foreign = await make.call(other.admin, 'DELETE', `/api/partner/packages/${made.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await make.call(owner.admin, 'DELETE', `/api/partner/packages/${made.id}`)).statusCode).toBe(204);
    expect((await make.call(owner.admin, 'DELETE', `/api/partner/packages/${made.id}`)).statusCode).toBe(404);
  });

  it("refuses another owner's site, a draft site, one site, and a field member", async () => {
    const a = await make.site(owner, 'live');
    const draft = await make.site(owner, 'draft');
    const theirs = await make.site(other, 'live');
    for (const ids of [
      [a.id, theirs.id],
      [a.id, draft.id],
    ]) {
      const res = await make.call(owner.admin, 'POST', '/api/partner/packages', body(ids));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('product_ids');
    }
    const one = await make.call(owner.admin, 'POST', '/api/partner/packages', body([a.id]));
    expect(one.statusCode).toBe(400);
    expect(one.json().error.fields).toHaveProperty('product_ids');
    const field = await make.call(
      owner.members.field!,
      'POST',
      '/api/partner/packages',
      body([a.id, draft.id]),
    );
    expect(field.statusCode).toBe(403);
    expect((await make.call(owner.members.field!, 'GET', '/api/partner/packages')).statusCode).toBe(403);
  });

  it('refuses a suspended owner a new package', async () => {
    const held = await make.owner();
    const a = await make.site(held, 'live');
    const b = await make.site(held, 'live');
    const op = await make.operator();
    expectStatus(
      await make.call(op, 'POST', `/api/ops/media-owners/${held.id}/suspend`, { reason: 'GSTIN mismatch' }),
    );
    const res = await make.call(held.admin, 'POST', '/api/partner/packages', body([a.id, b.id]));
    expect(res.statusCode).toBe(403);
  });

  it('prices an order holding the package at its price, without volume discount; withdrawing it never changes the order', async () => {
    const seller = await make.owner();
    const a = await make.site(seller, 'live', { price: 1000, booking_duration: 7 });
    const b = await make.site(seller, 'live', { price: 2000, booking_duration: 7 });
    expectStatus(
      await make.call(seller.admin, 'POST', '/api/partner/pricing-rules', {
        kind: 'volume',
        name: 'Two sites',
        percent: 10,
        min_sites: 2,
      }),
      201,
    );
    // Rate card 14,000 + 28,000; the package 30,000 splits 1 : 2.
    const deal = expectStatus<Deal>(
      await make.call(seller.admin, 'POST', '/api/partner/packages', body([a.id, b.id], { price: 30_000 })),
      201,
    );
    const buyer = await make.buyer();
    const data = [a, b].map((s) => ({ product_id: s.id, from_date: FROM, to_date: TO, customized: false }));
    const quoted = expectStatus<{
      prices: number[];
      amount: number;
      price_lines: Array<Array<{ kind: string; label: string; amount: number }>>;
    }>(await make.call(buyer, 'POST', '/api/booking/validate', data));
    expect(quoted).toMatchObject({ prices: [10_000, 20_000], amount: 30_000 });
    expect(quoted.price_lines[0].map((l) => [l.kind, l.label, l.amount])).toEqual([
      ['base', 'Daily rate', 14_000],
      ['package', 'Package: Ring road pair', -4000],
    ]);
    // A day longer is no package: the rate card and the volume discount, as before.
    const longer = data.map((l) => ({ ...l, to_date: plus(15) }));
    const plain = expectStatus<{ prices: number[] }>(
      await make.call(buyer, 'POST', '/api/booking/validate', longer),
    );
    expect(plain.prices).toEqual([13_500, 27_000]);

    const order = expectStatus<{ order_id: number; amount: number }>(
      await make.call(buyer, 'POST', '/api/booking/book', { amount: 30_000, data }),
    );
    expect(order.amount).toBe(30_000);
    expect((await make.call(seller.admin, 'DELETE', `/api/partner/packages/${deal.id}`)).statusCode).toBe(
      204,
    );
    const stored = await ctx.database.db
      .select({ pricePaise: orderItems.pricePaise, priceLines: orderItems.priceLines })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.order_id))
      .orderBy(asc(orderItems.id));
    expect(stored.map((r) => r.pricePaise)).toEqual([1_000_000, 2_000_000]);
    expect(stored[1].priceLines?.map((l) => l.kind)).toEqual(['base', 'package']);
    const detail = expectStatus<{ lines: Array<{ price: number }> }>(
      await make.call(buyer, 'GET', `/api/orders/${order.order_id}`),
    );
    expect(detail.lines.map((l) => l.price)).toEqual([10_000, 20_000]);
  });
});
