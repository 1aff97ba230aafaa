import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agency, createFactoryApp, type Factory, factory, type Site } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';

/**
 * Booking for an agency's client (decision 092): POST /api/booking/book with `client_id` and `po_number`;
 * the invoice bills the client "through" the agency, or the agency "for client", with the PO number.
 */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
let sites: Site[];
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  agency = await make.agency({
    members: ['planner', 'approver'],
    clients: [
      { name: 'Direct Client Pvt Ltd', gstin: '27AAPFU0939F1ZV' },
      { name: 'Billed Via Agency', bill_to: 'agency' },
    ],
  });
  const owner = await make.owner();
  sites = [await make.site(owner), await make.site(owner), await make.site(owner)];
});
afterAll(() => ctx.close());

async function invoiceText(who: Agency['admin'], orderId: number) {
  const res = await make.call(who, 'GET', `/api/orders/${orderId}/invoice.pdf`);
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).text.replace(/\s+/g, ' ');
}

describe('POST /api/booking/book for a client', () => {
  it('bill_to client: the invoice bills the client through the agency and prints the PO number', async () => {
    const planner = agency.members.planner!;
    const order = await make.order(planner, [sites[0]], 'paid', {
      client_id: agency.clientIds[0],
      po_number: 'PO-7781',
    });
    const text = await invoiceText(planner, order.id);
    expect(text).toContain('Direct Client Pvt Ltd');
    expect(text).toContain('through Factory Agency');
    expect(text).toContain('PO number: PO-7781');
    expect(text).toContain('27AAPFU0939F1ZV');
  });

  it('bill_to agency: the invoice bills the agency and names the client', async () => {
    const order = await make.order(agency.admin, [sites[1]], 'paid', { client_id: agency.clientIds[1] });
    const text = await invoiceText(agency.admin, order.id);
    expect(text).toContain('Factory Agency');
    expect(text).toContain('for client Billed Via Agency');
    expect(text).not.toContain('PO number');
  });

  it("another agency's client, an approver's or a buyer's booking for a client is 404, nothing held", async () => {
    const other = await make.agency();
    const body = (clientId: number) => ({
      amount: sites[2].weekRupees,
      client_id: clientId,
      data: [{ product_id: sites[2].id, from_date: '2099-01-01', to_date: '2099-01-08', customized: false }],
    });
    for (const who of [other.admin, agency.members.approver!, await make.buyer()]) {
      const res = await make.call(who, 'POST', '/api/booking/book', body(agency.clientIds[0]));
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('a hostile PO number is a 400 naming po_number', async () => {
    const res = await make.call(agency.admin, 'POST', '/api/booking/book', {
      amount: sites[2].weekRupees,
      client_id: agency.clientIds[0],
      po_number: 'PO\u0000',
      data: [{ product_id: sites[2].id, from_date: '2099-01-01', to_date: '2099-01-08', customized: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('po_number');
  });
});
