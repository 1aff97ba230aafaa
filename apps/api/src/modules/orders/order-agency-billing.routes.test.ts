import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

/**
 * GET /api/orders/{id} of an agency's order for a client (decision 092): whom it bills, as the invoice
 * does, and the PO number, so the order page can say so; an order of one's own carries neither.
 */

let ctx: TestContext;
let make: Factory;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/orders/{id}: billed_to and po_number', () => {
  it("names the client through the agency, or the agency for the client, with the order's PO", async () => {
    const agency = await make.agency({
      members: ['planner'],
      clients: [{ name: 'Direct Client Pvt Ltd' }, { name: 'Via Agency Ltd', bill_to: 'agency' }],
    });
    const owner = await make.owner();
    const [a, b, c] = [await make.site(owner), await make.site(owner), await make.site(owner)];
    const planner = agency.members.planner!;
    const direct = await make.order(planner, [a], 'paid', {
      client_id: agency.clientIds[0],
      po_number: 'PO-7781',
    });
    const via = await make.order(planner, [b], 'held', { client_id: agency.clientIds[1] });
    const own = await make.order(planner, [c], 'paid', { po_number: 'PO-OWN' });

    const read = async (id: number) =>
      (await make.call(planner, 'GET', `/api/orders/${id}`)).json() as Promise<Record<string, unknown>>;
    expect(await read(direct.id)).toMatchObject({
      billed_to: 'Direct Client Pvt Ltd, through Factory Agency',
      po_number: 'PO-7781',
    });
    expect(await read(via.id)).toMatchObject({
      billed_to: 'Factory Agency, for client Via Agency Ltd',
      po_number: null,
    });
    // A PO number of one's own order is the buyer's: kept, with nobody else billed.
    expect(await read(own.id)).toMatchObject({ billed_to: null, po_number: 'PO-OWN' });
  });
});
