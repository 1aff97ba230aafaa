import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type Person } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let make: Factory;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
});
afterAll(() => ctx.close());

const download = (who: Person | null) => make.call(who, 'GET', '/api/me/data');

describe('GET /api/me/data', () => {
  it('anonymous is 401', async () => {
    expect((await download(null)).statusCode).toBe(401);
  });

  it("answers the person's own profile, orders with lines and amounts, invoice numbers and holds as an attachment", async () => {
    const owner = await make.owner();
    const [booked, held] = [await make.site(owner), await make.site(owner)];
    const buyer = await make.buyer();
    const other = await make.buyer();
    const order = await make.order(buyer, [booked]);
    const hold = await make.hold(buyer, held);
    // Someone else's order and hold on other sites must not appear in the buyer's download.
    const othersOrder = await make.order(other, [await make.site(owner)]);
    await make.hold(other, await make.site(owner));

    const res = await download(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = res.json();
    expect(body.profile.phone_number).toBe(buyer.phone);
    expect(body.orders.map((o: { order_id: number }) => o.order_id)).toEqual([order.id]);
    expect(body.orders[0].items.map((i: { product_id: number }) => i.product_id)).toEqual([booked.id]);
    // Amounts in rupees, as My Orders shows them: the total charged with GST.
    expect(body.orders[0].total).toBe(order.totalPaise / 100);
    expect(body.invoices).toEqual([{ order_id: order.id, number: expect.any(String) }]);
    expect(body.holds.map((h: { id: number }) => h.id)).toEqual([hold.id]);
    expect(body.plans).toEqual([]);

    const theirs = (await download(other)).json();
    expect(theirs.profile.phone_number).toBe(other.phone);
    expect(theirs.orders.map((o: { order_id: number }) => o.order_id)).toEqual([othersOrder.id]);
    expect(theirs.invoices.map((i: { order_id: number }) => i.order_id)).toEqual([othersOrder.id]);
    expect(theirs.holds.map((h: { id: number }) => h.id)).not.toContain(hold.id);
  });
});
