import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Owner } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

// The clock stands at 2026-11-22 (IST): the earliest start is 2026-11-29.
const FROM = '2026-12-01';
const plus = (days: number) =>
  new Date(Date.parse(`${FROM}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Quote {
  lines: Array<{ kind: string; label: string; days: number; amount: number; rule_ids: number[] }>;
  total: number;
}

/** A season limited to chosen sites (migration 0042): a junction's festival, one city's wedding season. */
describe('seasonal rules for chosen sites', () => {
  let ctx: TestContext;
  let make: Factory;
  let owner: Owner;
  let other: Owner;

  beforeAll(async () => {
    ctx = await createFactoryApp();
    make = factory(ctx);
    owner = await make.owner({ members: ['manager'] });
    other = await make.owner();
  });
  afterAll(() => ctx.close());

  const post = (body: unknown, who = owner.admin) =>
    make.call(who, 'POST', '/api/partner/pricing-rules', body);
  const price = async (id: number, from: string, to: string) =>
    expectStatus<Quote>(
      await make.call(null, 'GET', `/api/product/${id}/price?from_date=${from}&to_date=${to}`),
    );

  it('applies a season to the sites it names only, beside a season on every site', async () => {
    const [named, unnamed] = [
      await make.site(owner, 'live', { price: 1000, booking_duration: 7 }),
      await make.site(owner, 'live', { price: 1000, booking_duration: 7 }),
    ];
    const paused = await make.site(owner, 'paused', { price: 1000, booking_duration: 7 });
    const every = expectStatus<{ id: number; product_ids: number[] | null }>(
      await post({ kind: 'seasonal', name: 'Year end', percent: 20, from_date: FROM, to_date: plus(10) }),
      201,
    );
    expect(every.product_ids).toBeNull();
    // A site not yet live can be named: the season is there when it goes live.
    const junction = expectStatus<{ id: number; product_ids: number[] }>(
      await post({
        kind: 'seasonal',
        name: 'Junction fair',
        percent: 10,
        from_date: FROM,
        to_date: plus(10),
        product_ids: [named.id, paused.id],
      }),
      201,
    );
    expect(junction.product_ids).toEqual([named.id, paused.id]);

    // Named: 1.2 x 1.1 = +32 % on 10 days; the other: +20 % only.
    const a = await price(named.id, FROM, plus(10));
    expect(a.lines.map((l) => [l.kind, l.rule_ids, l.amount])).toEqual([
      ['base', [], 10_000],
      ['seasonal', [every.id, junction.id], 3200],
    ]);
    expect(a.total).toBe(13_200);
    const b = await price(unnamed.id, FROM, plus(10));
    expect(b.lines.map((l) => [l.kind, l.rule_ids, l.amount])).toEqual([
      ['base', [], 10_000],
      ['seasonal', [every.id], 2000],
    ]);

    // The booking charges the same: the cart's check prices each line by its own sites' rules.
    const buyer = await make.buyer();
    const data = [named, unnamed].map((s) => ({
      product_id: s.id,
      from_date: FROM,
      to_date: plus(10),
      customized: false,
    }));
    const quoted = expectStatus<{ prices: number[]; amount: number }>(
      await make.call(buyer, 'POST', '/api/booking/validate', data),
    );
    expect(quoted).toMatchObject({ prices: [13_200, 12_000], amount: 25_200 });

    // The list says which sites a rule covers.
    const list = expectStatus<{ results: Array<{ id: number; product_ids: number[] | null }> }>(
      await make.call(owner.members.manager!, 'GET', '/api/partner/pricing-rules'),
    ).results;
    expect(list.find((r) => r.id === junction.id)?.product_ids).toEqual([named.id, paused.id]);
  });

  it("refuses another owner's site or an unknown one, naming the field and adding nothing", async () => {
    const theirs = await make.site(other, 'live', { price: 1000, booking_duration: 7 });
    const mine = await make.site(owner, 'live', { price: 1000, booking_duration: 7 });
    const before = expectStatus<{ results: unknown[] }>(
      await make.call(owner.admin, 'GET', '/api/partner/pricing-rules'),
    ).results.length;
    const season = { kind: 'seasonal', name: 'Grab', percent: -50, from_date: FROM, to_date: plus(10) };
    for (const ids of [[mine.id, theirs.id], [2_000_000_000]]) {
      const res = await post({ ...season, product_ids: ids });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.product_ids).toBe(`Not one of your sites: ${ids.at(-1)}`);
    }
    for (const ids of [[], [mine.id, mine.id], ['x']]) {
      const res = await post({ ...season, product_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(Object.keys(res.json().error.fields).join()).toMatch(/^product_ids/);
    }
    // A volume discount is about the order: it never names sites (the field is not its own).
    const volume = await post({
      kind: 'volume',
      name: 'Two',
      percent: 5,
      min_sites: 2,
      product_ids: [mine.id],
    });
    expect(volume.statusCode).toBe(400);
    expect(
      expectStatus<{ results: unknown[] }>(await make.call(owner.admin, 'GET', '/api/partner/pricing-rules'))
        .results.length,
    ).toBe(before);
    // The other owner's site is priced as before.
    expect((await price(theirs.id, FROM, plus(10))).total).toBe(10_000);
  });
});
