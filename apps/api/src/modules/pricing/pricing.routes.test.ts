import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Owner } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { orderItems } from '../../db/schema.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';

// The clock stands at 2026-11-22 (IST): the earliest start is 2026-11-29.
const FROM = '2026-12-01';
const plus = (days: number) =>
  new Date(Date.parse(`${FROM}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Breakdown {
  tier: string;
  days: number;
  minimum_days: number;
  lines: Array<{
    kind: string;
    label: string;
    days: number;
    rate: number | null;
    percent: number | null;
    amount: number;
  }>;
  total: number;
}

describe('rate cards and pricing rules (decision 081)', () => {
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

  const price = async (id: number, from: string, to: string) =>
    expectStatus<Breakdown>(
      await make.call(null, 'GET', `/api/product/${id}/price?from_date=${from}&to_date=${to}`),
    );

  const setRates = (id: number, body: Record<string, unknown>) =>
    make.call(owner.admin, 'PATCH', `/api/partner/sites/${id}`, body);

  it('prices a site without rates or rules as the daily price x days, one line', async () => {
    const site = await make.site(owner, 'live', { price: 4500, booking_duration: 7 });
    const quote = await price(site.id, FROM, plus(10));
    expect(quote).toMatchObject({ tier: 'daily', days: 10, minimum_days: 7, total: 45_000 });
    expect(quote.lines).toEqual([
      {
        kind: 'base',
        label: 'Daily rate',
        days: 10,
        rate: 4500,
        percent: null,
        amount: 45_000,
        rule_ids: [],
      },
    ]);
  });

  it('answers the rate card on the product and picks weekly from 7 days, four-weekly from 28', async () => {
    const site = await make.site(owner, 'live', { price: 1000, booking_duration: 1 });
    expectStatus(await setRates(site.id, { weekly_price: 900, four_weekly_price: '750' }));
    const product = expectStatus<{ rates: unknown; minimum_days: number }>(
      await make.call(null, 'GET', `/api/product/${site.id}`),
    );
    expect(product.rates).toEqual({ daily: 1000, weekly: 900, four_weekly: 750 });
    expect(product.minimum_days).toBe(1);
    expect((await price(site.id, FROM, plus(6))).total).toBe(6000);
    expect((await price(site.id, FROM, plus(7))).total).toBe(6300);
    expect((await price(site.id, FROM, plus(27))).total).toBe(24_300);
    expect(await price(site.id, FROM, plus(28))).toMatchObject({ tier: 'four_weekly', total: 21_000 });
    // Cleared, the daily price applies again.
    expectStatus(await setRates(site.id, { weekly_price: null, four_weekly_price: '' }));
    expect((await price(site.id, FROM, plus(28))).total).toBe(28_000);
  });

  it('refuses a weekly rate above the daily price (a week typed as a day), changing nothing', async () => {
    const site = await make.site(owner, 'live', { price: 1000 });
    const res = await setRates(site.id, { weekly_price: 7000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.weekly_price).toMatch(/per day/);
    const product = expectStatus<{ rates: { weekly: number | null } }>(
      await make.call(null, 'GET', `/api/product/${site.id}`),
    );
    expect(product.rates.weekly).toBeNull();
  });

  it('answers 404 for an unknown or unlisted site and 400 for a bad range', async () => {
    const draft = await make.site(owner, 'draft');
    expect(
      (await make.call(null, 'GET', `/api/product/${draft.id}/price?from_date=${FROM}&to_date=${plus(7)}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await make.call(null, 'GET', `/api/product/999999/price?from_date=${FROM}&to_date=${plus(7)}`))
        .statusCode,
    ).toBe(404);
    const site = await make.site(owner, 'live', { booking_duration: 14 });
    const url = (from: string, to: string) => `/api/product/${site.id}/price?from_date=${from}&to_date=${to}`;
    const backwards = await make.call(null, 'GET', url(plus(7), FROM));
    expect(backwards.statusCode).toBe(400);
    expect((await make.call(null, 'GET', url(FROM, 'soon'))).statusCode).toBe(400);
    expect((await make.call(null, 'GET', url(FROM, plus(400)))).statusCode).toBe(400);
    const short = await make.call(null, 'GET', url(FROM, plus(7)));
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: 'shorter_than_minimum',
      message: "This site's minimum booking is 14 days.",
    });
    expect((await make.call(null, 'GET', url('2026-11-23', '2026-12-23'))).json().error.code).toBe(
      'start_too_soon',
    );
  });

  describe('owners manage their rules', () => {
    const rules = (who = owner.admin) => make.call(who, 'GET', '/api/partner/pricing-rules');

    it('lets admins and managers add rules, refuses field members and strangers', async () => {
      const seasonal = {
        kind: 'seasonal',
        name: 'Diwali',
        percent: 20,
        from_date: plus(100),
        to_date: plus(110),
      };
      const added = expectStatus<{ id: number; percent: number }>(
        await make.call(owner.admin, 'POST', '/api/partner/pricing-rules', seasonal),
        201,
      );
      expect(added.percent).toBe(20);
      expectStatus(
        await make.call(owner.members.manager!, 'POST', '/api/partner/pricing-rules', {
          kind: 'volume',
          name: 'Big order',
          percent: 5,
          min_value: 10_000_000,
        }),
        201,
      );
      expect(
        (await make.call(owner.members.field!, 'POST', '/api/partner/pricing-rules', seasonal)).statusCode,
      ).toBe(403);
      expect((await rules(owner.members.field!)).statusCode).toBe(403);
      expect((await make.call(null, 'POST', '/api/partner/pricing-rules', seasonal)).statusCode).toBe(401);
      const buyer = await make.buyer();
      expect((await make.call(buyer, 'POST', '/api/partner/pricing-rules', seasonal)).statusCode).toBe(403);

      const mine = expectStatus<{ results: Array<{ id: number }> }>(await rules()).results;
      expect(mine.map((r) => r.id)).toContain(added.id);
      expect(expectStatus<{ results: unknown[] }>(await rules(other.admin)).results).toEqual([]);
      // Another owner's rule answers 404 and stays.
      expect(
        (await make.call(other.admin, 'DELETE', `/api/partner/pricing-rules/${added.id}`)).statusCode,
      ).toBe(404);
      expect(
        expectStatus<{ results: Array<{ id: number }> }>(await rules()).results.map((r) => r.id),
      ).toContain(added.id);
      expect(
        (await make.call(owner.members.manager!, 'DELETE', `/api/partner/pricing-rules/${added.id}`))
          .statusCode,
      ).toBe(204);
      expect(
        (await make.call(owner.admin, 'DELETE', `/api/partner/pricing-rules/${added.id}`)).statusCode,
      ).toBe(404);
    });

    it('refuses rules that cannot be priced, naming the field', async () => {
      const post = (body: unknown) => make.call(owner.admin, 'POST', '/api/partner/pricing-rules', body);
      for (const body of [
        { kind: 'seasonal', name: 'Backwards', percent: 10, from_date: plus(10), to_date: plus(5) },
        { kind: 'seasonal', name: 'Free', percent: -100, from_date: plus(1), to_date: plus(5) },
        { kind: 'seasonal', name: 'Zero', percent: 0, from_date: plus(1), to_date: plus(5) },
        { kind: 'seasonal', name: 'Fine grained', percent: 1.234, from_date: plus(1), to_date: plus(5) },
        { kind: 'volume', name: 'Both', percent: 10, min_sites: 3, min_value: 1000 },
        { kind: 'volume', name: 'Neither', percent: 10 },
        { kind: 'volume', name: 'Too much', percent: 95, min_sites: 3 },
        { kind: 'volume', name: '\u202Eevil', percent: 10, min_sites: 3 },
        { kind: 'package', name: 'Later', percent: 10 },
      ]) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('booking charges the rules and keeps what it charged', () => {
    it('applies a season on the days it covers and the volume discount of the order, and a later change never touches the order', async () => {
      const seller = await make.owner();
      const a = await make.site(seller, 'live', { price: 1000, booking_duration: 7 });
      const b = await make.site(seller, 'live', { price: 2000, booking_duration: 7 });
      const add = async (body: unknown) =>
        expectStatus<{ id: number }>(
          await make.call(seller.admin, 'POST', '/api/partner/pricing-rules', body),
          201,
        );
      // +20 % on the last 3 of 10 days; 10 % off from 2 sites.
      const season = await add({
        kind: 'seasonal',
        name: 'Year end',
        percent: 20,
        from_date: plus(7),
        to_date: plus(30),
      });
      const volume = await add({ kind: 'volume', name: 'Two sites', percent: 10, min_sites: 2 });

      const alone = await price(a.id, FROM, plus(10));
      expect(alone.lines.map((l) => [l.kind, l.days, l.amount])).toEqual([
        ['base', 10, 10_000],
        ['seasonal', 3, 600],
      ]);
      expect(alone.total).toBe(10_600);

      const buyer = await make.buyer();
      const data = [a, b].map((s) => ({
        product_id: s.id,
        from_date: FROM,
        to_date: plus(10),
        customized: false,
      }));
      // The SPEC's daily x days is no longer the price: refused, nothing placed.
      const stale = await make.call(buyer, 'POST', '/api/booking/book', { amount: 30_000, data });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'price_changed', fields: { amount: '28620' } });
      // What the cart asks first (POST /booking/validate): each line's price and the amount to send.
      const quoted = expectStatus<{
        status: boolean;
        prices: number[];
        price_lines: Breakdown['lines'][];
        amount: number;
      }>(await make.call(buyer, 'POST', '/api/booking/validate', data));
      expect(quoted).toMatchObject({ status: true, prices: [9540, 19_080], amount: 28_620 });
      // With how each price was reached, for the cart to show under its line.
      expect(quoted.price_lines.map((lines) => lines.map((l) => [l.kind, l.amount]))).toEqual([
        [
          ['base', 10_000],
          ['seasonal', 600],
          ['volume', -1060],
        ],
        [
          ['base', 20_000],
          ['seasonal', 1200],
          ['volume', -2120],
        ],
      ]);
      // a: 10,600 - 1,060; b: 21,200 - 2,120.
      const order = expectStatus<{ order_id: number; amount: number; items: Array<{ price: number }> }>(
        await make.call(buyer, 'POST', '/api/booking/book', { amount: 28_620, data }),
      );
      expect(order.amount).toBe(28_620);
      expect(order.items.map((i) => i.price)).toEqual([9540, 19_080]);
      const stored = await ctx.database.db
        .select({ pricePaise: orderItems.pricePaise, priceLines: orderItems.priceLines })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.order_id))
        .orderBy(asc(orderItems.id));
      expect(stored[0].priceLines?.map((l) => [l.kind, l.amountPaise])).toEqual([
        ['base', 1_000_000],
        ['seasonal', 60_000],
        ['volume', -106_000],
      ]);
      expect(stored.map((r) => r.pricePaise)).toEqual([954_000, 1_908_000]);

      // The owner drops both rules and raises the price: the order stays as it was placed.
      expect(
        (await make.call(seller.admin, 'DELETE', `/api/partner/pricing-rules/${season.id}`)).statusCode,
      ).toBe(204);
      expect(
        (await make.call(seller.admin, 'DELETE', `/api/partner/pricing-rules/${volume.id}`)).statusCode,
      ).toBe(204);
      expectStatus(await make.call(seller.admin, 'PATCH', `/api/partner/sites/${a.id}`, { price: 5000 }));
      expect((await price(a.id, FROM, plus(10))).total).toBe(50_000);
      const detail = expectStatus<{ lines: Array<{ price: number }> }>(
        await make.call(buyer, 'GET', `/api/orders/${order.order_id}`),
      );
      expect(detail.lines.map((l) => l.price)).toEqual([9540, 19_080]);
      const checkout = expectStatus<{ amount: number }>(
        await make.call(buyer, 'POST', '/api/booking/checkout', {
          order_id: order.order_id,
          payment: 'online',
        }),
      );
      // Charged with 18 % GST on what was placed: 28,620 x 1.18.
      expect(checkout.amount).toBe(3_377_160);
    });

    it("shows the breakdown a line was placed with on the buyer's order page and the tax invoice, its figures unchanged", async () => {
      const seller = await make.owner();
      const site = await make.site(seller, 'live', { price: 1000, booking_duration: 7 });
      expectStatus(
        await make.call(seller.admin, 'POST', '/api/partner/pricing-rules', {
          kind: 'seasonal',
          name: 'Year end',
          percent: 20,
          from_date: plus(5),
          to_date: plus(30),
        }),
        201,
      );
      const buyer = await make.buyer();
      // 7 x 1,000 and +20 % on the last 2 of the 7 days.
      const order = await make.order(buyer, [site], 'paid', { from: FROM, amount: 7400 });
      const detail = expectStatus<{ lines: Array<{ price: number; price_lines: Breakdown['lines'] }> }>(
        await make.call(buyer, 'GET', `/api/orders/${order.id}`),
      );
      expect(detail.lines[0].price).toBe(7400);
      expect(detail.lines[0].price_lines.map((l) => [l.kind, l.label, l.days, l.amount])).toEqual([
        ['base', 'Daily rate', 7, 7000],
        ['seasonal', 'Year end +20 %', 2, 400],
      ]);
      const res = await make.call(buyer, 'GET', `/api/orders/${order.id}/invoice.pdf`);
      expect(res.statusCode, res.body).toBe(200);
      const text = (await pdfText(res.rawPayload)).text.replace(/\s+/g, ' ');
      expect(text).toContain('Daily rate: ₹1,000.00 × 7 days: ₹7,000.00');
      expect(text).toContain('Year end +20 % (2 days): +₹400.00');
      // The line's amount and the taxable value are the stored price, as before.
      expect(text).toContain('7,400.00');
      expect(text).toContain('8,732.00');
    });
  });
});
