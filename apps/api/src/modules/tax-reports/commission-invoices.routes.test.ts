import { gstinCheckCharacter } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type OwnerRow, randomPan } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { mediaOwners } from '../../db/schema.ts';
import { verifyPdfSignature } from '../../lib/pdf/pdf-signature.test-helpers.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { issueLastMonthCommissionInvoices } from '../../workflows/commission-invoices.workflow.ts';

/**
 * The marketplace's monthly commission invoices (DESIGN 18, decision 093): SAC 998362 at 18 %, in the
 * marketplace's own series, once the month is over. Owner A is registered in Maharashtra, the
 * marketplace's state (CGST + SGST); owner B in Karnataka (IGST). Each sold a ₹10,500 week in November.
 */
let ctx: TestContext;
let make: Factory;
let a: OwnerRow;
let b: OwnerRow;

const list = (who: OwnerRow, month = '2026-11') =>
  make.call(who.admin, 'GET', `/api/partner/commission-invoices?month=${month}`);

beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  a = await make.ownerRow({ company: 'Owner A Outdoor' });
  b = await make.ownerRow({ company: 'Owner B Hoardings' });
  const pan = randomPan();
  const gstin = `29${pan}1Z${gstinCheckCharacter(`29${pan}1Z`)}`;
  await ctx.database.db
    .update(mediaOwners)
    .set({ gstin, pan, state: 'Karnataka', city: 'Bengaluru' })
    .where(eq(mediaOwners.id, b.id));
  for (const owner of [a, b]) {
    const site = await make.siteRow(owner);
    await make.order(await make.buyer(), [{ id: site.id, ownerId: owner.id, weekRupees: 10_500 }], 'paid');
  }
});
afterAll(() => ctx.close());

describe('commission invoices', () => {
  it('are not issued while the month runs', async () => {
    const answer = await list(a);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toEqual([]);
  });

  it('are issued once the month is over, one per owner, numbered in the marketplace series', async () => {
    ctx.clock.set(new Date('2026-12-02T06:30:00Z'));
    await make.refresh(a.admin);
    await make.refresh(b.admin);
    const mine = (await list(a)).json().results;
    // 15 % of ₹10,500, and 18 % GST on it: CGST + SGST 9 % each for an owner of the marketplace's state.
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        number: 'COM/26-27/000001',
        month: '2026-11',
        issued_on: '2026-12-02',
        taxable: 1_575,
        cgst: 141.75,
        sgst: 141.75,
        igst: 0,
        total: 1_858.5,
        url: `/api/partner/commission-invoices/${mine[0].id}.pdf`,
      },
    ]);
    // B's, issued with A's in owner order: IGST 18 % for an owner registered in another state.
    expect((await list(b)).json().results).toMatchObject([
      { number: 'COM/26-27/000002', taxable: 1_575, cgst: 0, sgst: 0, igst: 283.5, total: 1_858.5 },
    ]);
    // Asked again, and by the job: nothing more is issued, no number is spent.
    expect(await issueLastMonthCommissionInvoices(ctx.app.deps)).toBe(0);
    expect((await list(a)).json().results).toEqual(mine);
    expect((await make.call(a.admin, 'GET', '/api/partner/commission-invoices')).json().results).toEqual(
      mine,
    );
  });

  it('downloads as a signed PDF naming SAC 998362, both parties and their state codes', async () => {
    const [invoice] = (await list(a)).json().results;
    const pdf = await make.call(a.admin, 'GET', invoice.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(verifyPdfSignature(pdf.rawPayload).reason).toContain('COM/26-27/000001');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Invoice no.: COM/26-27/000001');
    expect(text).toContain('SAC: 998362');
    expect(text).toContain('Recipient (media owner)');
    expect(text).toContain('Owner A Outdoor');
    expect(text).toContain('Place of supply: Maharashtra (code 27)');
    expect(text).toContain(`GSTIN: ${ctx.config.company.gstin}`);
    expect(text).toContain('Reverse charge: No');
    expect(text).toMatch(/Total payable\s*₹1,858\.50/);
  });

  it("answers another owner's invoice with 404, a manager with 403, a bad month with 400", async () => {
    const [invoice] = (await list(a)).json().results;
    expect((await make.call(b.admin, 'GET', invoice.url)).statusCode).toBe(404);
    expect((await make.call(a.admin, 'GET', '/api/partner/commission-invoices/999999.pdf')).statusCode).toBe(
      404,
    );
    expect((await list(a, '2026-13')).statusCode).toBe(400);
    expect((await make.call(await make.buyer(), 'GET', invoice.url)).statusCode).toBe(403);
    const team = await make.owner({ members: ['manager'] });
    expect(
      (await make.call(team.members.manager!, 'GET', '/api/partner/commission-invoices')).statusCode,
    ).toBe(403);
  });
});
