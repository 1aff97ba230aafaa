import { MAX_SITES_PER_ORDER } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, setBillingDetails, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';

const START = '2026-12-01';
const END = '2026-12-08';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The quotation (POST /api/quotes/proforma.pdf): prices, refusals, the same bytes, its Bill to. */

describe('proforma invoice / quotation', () => {
  const proforma = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/quotes/proforma.pdf', payload: payload as object });

  it('prices a cart for anyone, with a neutral GST 18 % estimate or the taxes of the billing state', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Sea Link Hoarding' });
    const estimate = await proforma({ data: [line(site.id, START, END)] });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(estimate.rawPayload);
    for (const s of [
      'PROFORMA INVOICE / QUOTATION',
      'Sea Link Hoarding',
      '₹10,500.00',
      'GST @ 18% (estimate',
      '₹12,390.00',
      'valid for 7 days',
    ])
      expect(text).toContain(s);
    const mh = await pdfText(
      (
        await proforma({
          data: [line(site.id, START, END)],
          billing_state: 'Maharashtra',
          buyer_name: 'Acme',
        })
      ).rawPayload,
    );
    expect(mh.text).toContain('CGST @ 9%');
    expect(mh.text).toContain('Acme');
    const ka = await pdfText(
      (await proforma({ data: [line(site.id, START, END)], billing_state: 'Karnataka' })).rawPayload,
    );
    expect(ka.text).toContain('IGST @ 18%');
  });

  it(`refuses lines breaking the rules, unknown sites, and more than ${MAX_SITES_PER_ORDER} lines, an order's cap (400)`, async () => {
    const site = await insertProduct(ctx.database.db);
    const soon = await proforma({ data: [line(site.id, '2026-01-01', '2026-01-08')] });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error.fields['data.0']).toBeDefined();
    expect((await proforma({ data: [line(999_999, START, END)] })).statusCode).toBe(400);
    const many = Array.from({ length: MAX_SITES_PER_ORDER + 1 }, () => line(site.id, START, END));
    const tooMany = await proforma({ data: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.data).toContain(`at most ${MAX_SITES_PER_ORDER} lines`);
    expect((await proforma({ data: [] })).statusCode).toBe(400);
  });

  it('answers the same cart with the same bytes, drawn once (a PDF carries its creation time)', async () => {
    const site = await insertProduct(ctx.database.db);
    const cart = { data: [line(site.id, START, END)], buyer_name: 'Cache Check' };
    const first = await proforma(cart);
    const again = await proforma(cart);
    expect(first.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0);
    // A different cart is another document.
    const other = await proforma({ ...cart, buyer_name: 'Someone Else' });
    expect(Buffer.compare(first.rawPayload, other.rawPayload)).not.toBe(0);
  });
});

describe("the quotation's Bill to", () => {
  const proformaAs = (token: string | null, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/proforma.pdf',
      headers: token ? bearer(token) : {},
      payload,
    });

  it("bills the signed-in buyer's profile: name, company, address, GSTIN and its state's taxes", async () => {
    const buyer = await tokenFor(ctx, 608, null);
    await setBillingDetails(ctx, buyer, 608, 'Maharashtra', { gst: '27AAPFU0939F1ZV' });
    const site = await insertProduct(ctx.database.db, { name: 'Quote Hoarding' });
    // The page may send another state (or none): the profile's is the one the order will be billed in.
    const res = await proformaAs(buyer, { data: [line(site.id, START, END)], billing_state: 'Karnataka' });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'Bill to',
      'Asha Buyer 608',
      'Acme Outdoor Pvt Ltd',
      '4 MG Road',
      'Pune, Maharashtra 411001',
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: Maharashtra',
      'CGST @ 9%',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Unregistered');
  });

  it('says a signed-out requester\'s GSTIN is not given, never "Unregistered"', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Anonymous Quote Pole' });
    const res = await proformaAs(null, { data: [line(site.id, START, END)], buyer_name: 'Ravi Kumar' });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Ravi Kumar');
    expect(text).toContain('GSTIN: not given');
    expect(text).not.toContain('Unregistered');
  });
});
