import { SITE_IMPORT_COLUMNS } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { nextPhone, signIn } from '../../../test/otp-sign-in.ts';
import { products } from '../../db/schema.ts';
import { auth, named, useImportTestContext } from './site-import.test-context.ts';
import { importRow, toCsv } from './site-import.test-helpers.ts';

const t = useImportTestContext();
const { owner, upload, siteCount, rows } = t;

describe('GET /api/partner/sites/import/template.csv', () => {
  it('is an attachment: the header of every column and two example rows that pass the import', async () => {
    const { token } = await owner();
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/partner/sites/import/template.csv',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    // UTF-8 with a byte-order mark (Excel keeps Indian-script names), which the import reads back.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].split(',')).toEqual([...SITE_IMPORT_COLUMNS]);
    expect(lines[0]).toContain('site_code');
    const report = (await upload(token, res.body)).json().data;
    expect(report).toMatchObject({ total_rows: 2, valid_rows: 2, invalid_rows: 0, errors: [] });
  });

  it('answers 401 signed out and 403 to a buyer; a pending owner may download it', async () => {
    const url = '/api/partner/sites/import/template.csv';
    expect((await t.ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const buyer = await signIn(t.ctx.app, nextPhone());
    expect((await t.ctx.app.inject({ method: 'GET', url, headers: auth(buyer) })).statusCode).toBe(403);
    const pending = await owner(false);
    expect((await t.ctx.app.inject({ method: 'GET', url, headers: auth(pending.token) })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/partner/sites/import: the report', () => {
  it('names the line (header = 1, blank lines counted) and the field of each problem; writes nothing', async () => {
    const { token } = await owner();
    const [good1, good2, badPrice, badMany] = rows(4, (i) =>
      i === 2 ? { price: 'abc' } : i === 3 ? { pin_code: '12', latitude: '51.5', category: 'Moon' } : {},
    );
    // Spreadsheet spellings are accepted: a category's name, lighting in any case, no site code.
    const friendly = rows(1, () => ({
      category: 'Digital Billboard',
      lighting: 'front lit',
      site_code: '',
    }))[0];
    // Line 6 is blank; the friendly row is line 7.
    const csv = `${toCsv([good1, badPrice, good2, badMany])}\r\n${toCsv([friendly]).split('\r\n')[1]}\r\n`;
    const before = await siteCount();
    const res = await upload(token, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      dry_run: true,
      total_rows: 5,
      valid_rows: 3,
      invalid_rows: 2,
      errors_truncated: false,
      // Each row named by its code and name as well as its line (issue 22).
      errors: [
        { line: 3, field: 'price', message: 'Price must be a number', ...named(badPrice) },
        {
          line: 5,
          field: 'category',
          message: 'Category must be one of lamp-post, hoarding, bridge, digital-billboard, transit, retail',
          ...named(badMany),
        },
        { line: 5, field: 'pin_code', message: 'Enter a 6-digit PIN code', ...named(badMany) },
        {
          line: 5,
          field: 'latitude',
          message: 'Latitude must be inside India (6 to 37.5)',
          ...named(badMany),
        },
      ],
    });
    expect(await siteCount()).toBe(before);
  });

  it('imports the rate card columns and refuses a weekly rate above the daily price (decision 081)', async () => {
    const { token } = await owner();
    const [withRates, weekTyped] = rows(2, (i) =>
      i === 0
        ? { price: '1000', weekly_price: '900', four_weekly_price: '750.50' }
        : { price: '1000', weekly_price: '7000' },
    );
    const res = await upload(token, toCsv([withRates, weekTyped]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid_rows: 1, invalid_rows: 1 });
    expect(res.json().data.errors).toEqual([
      {
        line: 3,
        field: 'weekly_price',
        message: 'The weekly rate is per day and at most the daily price (₹1,000.00).',
        ...named(weekTyped),
      },
    ]);
  });

  it('matches header names in any case, reports unknown columns and a missing required column once', async () => {
    const { token } = await owner();
    const columns = [...SITE_IMPORT_COLUMNS.filter((c) => c !== 'city'), 'colour'];
    const body = toCsv(
      rows(3).map((r) => ({ ...r, colour: 'red' })),
      columns,
    )
      .split('\r\n')
      .slice(1);
    const header = columns.map((c) =>
      c === 'site_code' ? ' Site Code ' : c === 'colour' ? 'Colour' : c.toUpperCase(),
    );
    const res = await upload(token, [header.join(','), ...body].join('\r\n'));
    const report = res.json().data;
    expect(report).toMatchObject({ total_rows: 3, valid_rows: 0, invalid_rows: 3 });
    expect(report.errors).toEqual([
      { line: 1, field: 'Colour', message: 'Unknown column; it is ignored' },
      { line: 1, field: 'city', message: 'Required column is missing; no row can be imported' },
    ]);
  });

  it('reads a file with a BOM and semicolons, as Excel saves "CSV" where the decimal mark is a comma', async () => {
    const { token } = await owner();
    const text = toCsv(rows(2, () => ({ price: '1250', name: 'Lamp post, MG Road' })));
    const semicolons = text.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/gm, ';');
    const res = await upload(
      token,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(semicolons)]),
    );
    expect(res.json().data).toMatchObject({ total_rows: 2, valid_rows: 2, errors: [] });
  });

  it('hostile text in cells is a row error naming the field, never a crash', async () => {
    const { token } = await owner();
    const hostile = rows(
      5,
      (i) =>
        [
          { name: 'a\u0000b' },
          { address: 'abc\u202Egpj.exe' },
          { description: 'x'.repeat(100_000) },
          { city: 'LONE_SURROGATE' },
          { name: '\u2067Mumbai\u2069' },
        ][i],
    );
    const text = toCsv([...hostile, ...rows(1)]);
    // A lone surrogate cannot be UTF-8: it arrives as the bytes ED A0 80 (as WTF-8 would write it).
    const [before, after] = text.split('LONE_SURROGATE');
    const file = Buffer.concat([Buffer.from(before), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(after)]);
    const res = await upload(token, file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ total_rows: 6, valid_rows: 1, invalid_rows: 5 });
    expect(report.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [2, 'name'],
      [3, 'address'],
      [4, 'description'],
      [5, 'city'],
      [6, 'name'],
    ]);
    expect(report.errors[2].message).toBe('Description must be at most 5000 characters');
    expect(report.errors[3].message).toMatch(/not UTF-8/);
  });

  it('refuses more than 5,000 rows with 422, writing nothing', async () => {
    const { token } = await owner();
    const line = toCsv([importRow(1, { site_code: '' })]).split('\r\n')[1];
    const csv = `${SITE_IMPORT_COLUMNS.join(',')}\r\n${`${line}\r\n`.repeat(5001)}`;
    const res = await upload(token, csv, 'dry_run=false');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/more than 5,000 rows/);
  });

  it('refuses a file that is not text with 415: a PNG named .csv, an xlsx, random bytes', async () => {
    const { token } = await owner();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]);
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256));
    for (const file of [png, zip, noise]) {
      const res = await upload(token, file, 'dry_run=false');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    }
    const json = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/partner/sites/import',
      headers: auth(token),
      payload: { file: 'a,b' },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(token, '');
    expect(empty.statusCode).toBe(422);
  });

  it('reports a site code twice in the file and one another site has', async () => {
    const { token } = await owner();
    const taken = await insertProduct(t.ctx.database.db, { productCode: 'TAKEN-0001' });
    const [a, b, c] = rows(3, (i) =>
      i === 1
        ? { site_code: 'dup-0001' }
        : i === 2
          ? { site_code: taken.productCode }
          : { site_code: 'DUP-0001' },
    );
    const report = (await upload(token, toCsv([a, b, c]))).json().data;
    expect(report).toMatchObject({ total_rows: 3, valid_rows: 1, invalid_rows: 2 });
    expect(report.errors).toEqual([
      // The code as it will be stored (upper case).
      {
        line: 3,
        field: 'site_code',
        message: 'Site code is also on line 2',
        ...named(b),
        site_code: 'DUP-0001',
      },
      { line: 4, field: 'site_code', message: 'Site code is already used by another site', ...named(c) },
    ]);
  });

  it('keeps a formula in a cell as text (CSV injection is not run, only stored)', async () => {
    const { token, id } = await owner();
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const [row] = rows(1, () => ({ name: formula, description: '+SUM(A1:A9)' }));
    const res = await upload(token, toCsv([row]), 'dry_run=false');
    expect(res.json().data.created).toBe(1);
    const [site] = await t.ctx.database.db.select().from(products).where(eq(products.mediaOwnerId, id));
    expect(site).toMatchObject({ name: formula, description: '+SUM(A1:A9)' });
  });
});
