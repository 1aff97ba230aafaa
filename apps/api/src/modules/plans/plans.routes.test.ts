import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bookAndPay, line, phoneOf, post, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { INDIAN_COUNT_FORMAT, INDIAN_RUPEES_FORMAT } from '../../lib/spreadsheet-formats.ts';

/** How exceljs gives back a number format it read: without the backslashes that make commas literal. */
const asRead = (format: string) => format.replaceAll('\\', '');

const slideCount = async (pptx: Buffer) =>
  Object.keys((await JSZip.loadAsync(pptx)).files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
    .length;

describe('media plans: exports', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  let standardId: number;
  let customizedId: number;
  let orderId: number;
  let bigOrderId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await tokenFor(ctx, 51);
    bob = await tokenFor(ctx, 52);
    const db = ctx.database.db;
    const a = await insertProduct(db, { name: 'Marine Drive Pole', widthFt: 3, heightFt: 5 });
    const b = await insertProduct(db, { name: 'Bandra Hoarding', city: 'Mumbai', pricePaise: 250_000 });
    const paused = await insertProduct(db, { name: 'Paused Site', status: 'paused' });
    standardId = (await insertStandardCampaign(db, [a.id, b.id, paused.id], { name: 'Sea Face' })).id;
    const created = await post(ctx, '/api/create_customized_campaign/', alice, {
      name: 'Alice Picks',
      products: [{ product_id: a.id, from_date: '2026-12-01', to_date: '2026-12-11' }],
    });
    expect(created.statusCode).toBe(200);
    customizedId = created.json().data.id ?? created.json().data;
    const paidOrder = await bookAndPay(ctx, alice, [line(b.id, '2026-12-01', '2026-12-08')], 17_500);
    expect(paidOrder.confirmed?.statusCode).toBe(200);
    orderId = paidOrder.booked.json().order_id;
    const big = await insertProduct(db, { name: 'Worli Sea Link Gantry', pricePaise: 22_500_00 });
    const bigOrder = await bookAndPay(ctx, alice, [line(big.id, '2026-12-01', '2026-12-31')], 675_000);
    expect(bigOrder.confirmed?.statusCode).toBe(200);
    bigOrderId = bigOrder.booked.json().order_id;
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('exports a standard campaign as PPTX to anyone: cover, one slide per live site, totals', async () => {
    const res = await get(`/api/plans/${standardId}.pptx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('presentationml.presentation');
    expect(res.headers['content-disposition']).toBe('attachment; filename="media-plan-sea-face.pptx"');
    // Two live sites (the paused one is left out) + cover + totals.
    expect(await slideCount(res.rawPayload)).toBe(4);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const slide = async (n: number) => zip.file(`ppt/slides/slide${n}.xml`)!.async('string');
    expect((await slide(2)).includes('1. Marine Drive Pole')).toBe(true);
    expect((await slide(3)).includes('2. Bandra Hoarding')).toBe(true);
    expect((await slide(4)).includes('GST 18 % (estimate)')).toBe(true);
    expect(Object.keys(zip.files).filter((f) => f.startsWith('ppt/media/')).length).toBeGreaterThanOrEqual(4);
  });

  it('dates the PowerPoint cover by the IST day: prepared at 00:39 IST on 2 Dec reads 2 Dec', async () => {
    const before = ctx.clock.now();
    ctx.clock.set(new Date('2026-12-01T19:09:00Z'));
    try {
      const res = await get(`/api/plans/${standardId}.pptx`);
      expect(res.statusCode).toBe(200);
      const cover = await (await JSZip.loadAsync(res.rawPayload))
        .file('ppt/slides/slide1.xml')!
        .async('string');
      expect(cover).toContain('Prepared 2 Dec 2026.');
      expect(cover).not.toContain('2026-12-01');
    } finally {
      ctx.clock.set(before);
    }
  });

  it('exports XLSX with one row per site and SUM formulas in rupees, the totals apart', async () => {
    const res = await get(`/api/plans/${standardId}.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Media plan')!;
    const names = [2, 3].map((r) => sheet.getRow(r).getCell('C').value);
    expect(names.sort()).toEqual(['Bandra Hoarding', 'Marine Drive Pole']);
    // A blank row, then the totals, outside the filter's range.
    expect(sheet.getRow(4).getCell('C').value).toBeNull();
    expect(sheet.autoFilter).toBe('A1:W3');
    const subtotal = sheet.getRow(5);
    expect(subtotal.getCell('C').value).toBe('Subtotal');
    expect(subtotal.getCell('T').value).toMatchObject({ formula: 'SUM(T2:T3)', result: 10_500 + 17_500 });
    expect(sheet.getRow(6).getCell('C').value).toBe('GST 18 % (estimate)');
    expect(sheet.getRow(7).getCell('T').value).toMatchObject({ formula: 'T5+T6', result: 33_040 });
    expect(sheet.getRow(2).getCell('T').numFmt).toBe(asRead(INDIAN_RUPEES_FORMAT));
    expect(sheet.getRow(7).getCell('T').numFmt).toBe(asRead(INDIAN_RUPEES_FORMAT));
  });

  it("carries each site's impressions with their source, its CPM, and the plan's figures as estimates", async () => {
    const res = await get(`/api/plans/${standardId}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Media plan')!;
    const header = sheet.getRow(1);
    expect([header.getCell('N').value, header.getCell('O').value]).toEqual([
      'Impressions a day',
      'Audience source',
    ]);
    expect([header.getCell('U').value, header.getCell('V').value]).toEqual([
      'Impressions over the days',
      'CPM (before GST)',
    ]);
    // Marine Drive Pole: 25,000 a day (owner-declared) for the campaign's 7-day run at ₹1,500 a day:
    // 1,75,000 impressions, ₹10,500 / 175 = ₹60.00 per thousand.
    const marine = [2, 3]
      .map((r) => sheet.getRow(r))
      .find((r) => r.getCell('C').value === 'Marine Drive Pole')!;
    expect(marine.getCell('N').value).toBe(25_000);
    expect(marine.getCell('O').value).toBe('owner-declared');
    expect(marine.getCell('U').value).toBe(175_000);
    expect(marine.getCell('V').value).toBe(60);
    const labels = Array.from({ length: 8 }, (_, i) => sheet.getRow(9 + i).getCell('C').value);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Plan figures',
        'Impressions',
        'CPM (before GST)',
        'Reach (estimate)',
        'Frequency (estimate)',
      ]),
    );
    const impressions = sheet.getRow(9 + labels.indexOf('Impressions'));
    expect(impressions.getCell('D').value).toBe('3.5 lakh · owner-declared');
    const cpm = sheet.getRow(9 + labels.indexOf('CPM (before GST)'));
    // ₹28,000 before GST over 3,50,000 impressions: ₹80.00 per thousand.
    expect(cpm.getCell('D').value).toBe('₹80.00 per 1,000');

    const pdf = await pdfText((await get(`/api/plans/${standardId}.pdf`)).rawPayload);
    expect(pdf.text).toContain('Plan figures');
    expect(pdf.text).toContain('Reach (estimate)');
    expect(pdf.text).toContain('₹60.00 per 1,000');
    const deck = await JSZip.loadAsync((await get(`/api/plans/${standardId}.pptx`)).rawPayload);
    const totals = await deck.file('ppt/slides/slide4.xml')!.async('string');
    expect(totals).toContain('Frequency (estimate)');
    expect(totals).toContain('₹80.00 per 1,000');
  });

  it('writes the dates of an order plan as date cells, To as the last day, money in Indian grouping', async () => {
    const res = await get(`/api/plans/order-${bigOrderId}.xlsx`, alice);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Media plan')!;
    expect(sheet.getRow(1).getCell('P').value).toBe('From');
    expect(sheet.getRow(1).getCell('Q').value).toBe('To');
    const row = sheet.getRow(2);
    const from = row.getCell('P');
    const to = row.getCell('Q');
    // Booked [2026-12-01, 2026-12-31): the last day is 30 Dec, never 31 Dec.
    expect(from.type).toBe(ExcelJS.ValueType.Date);
    expect(to.type).toBe(ExcelJS.ValueType.Date);
    expect(from.value).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(to.value).toEqual(new Date('2026-12-30T00:00:00Z'));
    expect(from.numFmt).toBe('d mmm yyyy');
    expect(row.getCell('R').value).toBe(30);
    // 30 days x ₹22,500 = ₹6,75,000: a number, shown with the lakh comma.
    const line = row.getCell('T');
    expect(line.value).toBe(675_000);
    expect(line.numFmt).toBe(asRead(INDIAN_RUPEES_FORMAT));
    expect(row.getCell('N').numFmt).toBe(asRead(INDIAN_COUNT_FORMAT));
    // The file itself carries the lakh and crore commas as literals (exceljs drops the backslashes when it
    // reads a format back): a lakh and more shows ₹6,75,000.00 whatever the reader's regional grouping.
    const styles = await (await JSZip.loadAsync(res.rawPayload)).file('xl/styles.xml')!.async('string');
    expect(styles).toContain(
      'formatCode="[&gt;=10000000]&quot;₹&quot;##\\,##\\,##\\,##0.00;[&gt;=100000]&quot;₹&quot;##\\,##\\,##0.00;&quot;₹&quot;#,##0.00"',
    );
  });

  it('exports a landscape PDF with the site names and the rupee total', async () => {
    const res = await get(`/api/plans/${standardId}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Marine Drive Pole');
    expect(text).toContain('Bandra Hoarding');
    expect(text).toContain('₹33,040.00');
    expect(text).toContain('GST 18 % (estimate)');
    expect(text).not.toContain('Paused Site');
  });

  it('shows a customized campaign only to its owner', async () => {
    expect((await get(`/api/plans/${customizedId}.xlsx`, bob)).statusCode).toBe(404);
    expect((await get(`/api/plans/${customizedId}.xlsx`)).statusCode).toBe(404);
    const mine = await get(`/api/plans/${customizedId}.pdf`, alice);
    expect(mine.statusCode).toBe(200);
    const { text } = await pdfText(mine.rawPayload);
    // 10 days x ₹1,500 on its own dates.
    expect(text).toContain('Alice Picks');
    expect(text).toContain('₹15,000.00');
  });

  it('exports an order only to its buyer, as order-{id}', async () => {
    expect((await get(`/api/plans/order-${orderId}.pptx`, bob)).statusCode).toBe(404);
    expect((await get(`/api/plans/order-${orderId}.pptx`)).statusCode).toBe(404);
    const res = await get(`/api/plans/order-${orderId}.xlsx`, alice);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Media plan')!.getRow(2);
    expect(row.getCell('C').value).toBe('Bandra Hoarding');
    expect(row.getCell('R').value).toBe(7);
    expect(row.getCell('T').value).toBe(17_500);
  });

  it('answers 404 for unknown ids and malformed names', async () => {
    for (const file of [
      '999999.pptx',
      `${standardId}.docx`,
      `${standardId}`,
      '0.pdf',
      'order-x.pdf',
      '99999999999.pdf',
    ]) {
      expect((await get(`/api/plans/${file}`, alice)).statusCode, file).toBe(404);
    }
  });

  it('never exposes the buyer through a shared order plan', async () => {
    const res = await post(ctx, '/api/plans/share', alice, { order_id: orderId });
    expect(res.statusCode).toBe(200);
    const shared = await get(`/api/plans/shared/${res.json().token}`);
    expect(shared.statusCode).toBe(200);
    const body = shared.body;
    expect(body).toContain('Bandra Hoarding');
    expect(body).not.toContain(phoneOf(51));
    expect(body).not.toMatch(/order_id|user|email|gstin|phone/i);
    expect(shared.json().plan).not.toHaveProperty('order_id');
  });
});
