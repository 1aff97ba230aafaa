import { SITE_IMPORT_COLUMNS } from '@ooh/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { nextIp } from '../../../test/otp-sign-in.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { products } from '../../db/schema.ts';
import { multipartFile } from './site-import.test-helpers.ts';
import {
  bearer,
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  tokenOf,
} from './sites.test-helpers.ts';

/** GET /api/partner/sites/export.csv | .xlsx (issue 22): the owner's sites in the import template's columns. */

let ctx: TestContext;
let owner: { token: string; ownerId: number };
let rival: { token: string; ownerId: number };
let ids: number[];
beforeAll(async () => {
  ctx = await createSitesTestApp();
  owner = await mediaOwner(ctx);
  rival = await mediaOwner(ctx);
  ids = [];
  for (const [i, name] of [
    'Andheri Flyover',
    '=HYPERLINK("http://evil.example")',
    'Bandra Gantry',
  ].entries()) {
    const row = await insertProduct(ctx.database.db, {
      mediaOwnerId: owner.ownerId,
      status: i === 2 ? 'paused' : 'live',
      name,
      pricePaise: 114_850,
      productCode: `EXP-00${i + 1}`,
      lighting: 'Front Lit',
      widthFt: 40,
      heightFt: 20,
    });
    ids.push(row.id);
  }
  await insertProduct(ctx.database.db, { mediaOwnerId: rival.ownerId, name: 'Rival site' });
});
afterAll(() => ctx.close());

const csvOf = (body: string) => parse(body, { columns: true, bom: true }) as Array<Record<string, string>>;

describe('GET /api/partner/sites/export.csv and .xlsx', () => {
  it('exports every own site with the template header, prices with two decimals, formulas neutralised', async () => {
    const res = await call(ctx, 'GET', '/api/partner/sites/export.csv', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sites-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${SITE_IMPORT_COLUMNS.join(',')}`);
    const rows = csvOf(res.body);
    expect(rows.map((r) => r.site_code)).toEqual(['EXP-001', 'EXP-002', 'EXP-003']);
    expect(rows[0]?.price).toBe('1148.50');
    // A spreadsheet would run this cell as a formula: it is text with an apostrophe.
    expect(rows[1]?.name).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(res.body).not.toContain('Rival site');
  });

  it("exports the selection (ids) or the filter (status, search); another owner's ids are not in the file", async () => {
    const [rivalSite] = await ctx.database.db.select().from(products).where(eq(products.name, 'Rival site'));
    const selected = csvOf(
      (
        await call(
          ctx,
          'GET',
          `/api/partner/sites/export.csv?ids=${ids[2]},${ids[0]},${rivalSite!.id}`,
          owner.token,
        )
      ).body,
    );
    expect(selected.map((r) => r.site_code)).toEqual(['EXP-001', 'EXP-003']);
    const paused = csvOf(
      (await call(ctx, 'GET', '/api/partner/sites/export.csv?status=paused', owner.token)).body,
    );
    expect(paused.map((r) => r.site_code)).toEqual(['EXP-003']);
    const searched = csvOf(
      (await call(ctx, 'GET', '/api/partner/sites/export.csv?search=andheri', owner.token)).body,
    );
    expect(searched.map((r) => r.site_code)).toEqual(['EXP-001']);
    const bad = await call(ctx, 'GET', '/api/partner/sites/export.csv?ids=1,abc', owner.token);
    expect(bad.statusCode).toBe(400);
  });

  it('an exported file imports again as it was (codes cleared: the import refuses codes in use)', async () => {
    const exported = (await call(ctx, 'GET', '/api/partner/sites/export.csv', owner.token)).body;
    const reimport = exported.replace(/^EXP-00\d,/gm, ',');
    const body = multipartFile(reimport);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/sites/import?dry_run=true',
      headers: { ...bearer(owner.token), 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    const report = (await ok(res)).data;
    expect(report).toMatchObject({ total_rows: 3, valid_rows: 3, invalid_rows: 0 });
    const again = multipartFile(exported);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/sites/import?dry_run=true',
      headers: { ...bearer(owner.token), 'content-type': again.contentType },
      payload: again.payload,
      remoteAddress: nextIp(),
    });
    expect((await ok(refused)).data.errors[0]).toMatchObject({ field: 'site_code', site_code: 'EXP-001' });
  });

  it('exports an Excel workbook with the same columns; a formula-like name stays text', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/sites/export.xlsx?ids=${ids.join(',')}`,
      headers: bearer(owner.token),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sites')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SITE_IMPORT_COLUMNS]);
    expect(sheet.rowCount).toBe(4);
    const nameCell = sheet.getRow(3).getCell(2);
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
    expect(nameCell.value).toBe('=HYPERLINK("http://evil.example")');
    expect(sheet.getRow(2).getCell(5).value).toBe(1148.5);
  });

  it('admins and managers export; a field member, a buyer and anonymous are refused', async () => {
    const invite = async (role: 'manager' | 'field') => {
      const phone = nextSitesPhone();
      await ok(
        await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role }),
        201,
      );
      const token = await tokenOf(ctx, phone);
      await ok(await call(ctx, 'GET', '/api/me/roles', token));
      return token;
    };
    expect(
      (await call(ctx, 'GET', '/api/partner/sites/export.csv', await invite('manager'))).statusCode,
    ).toBe(200);
    expect((await call(ctx, 'GET', '/api/partner/sites/export.csv', await invite('field'))).statusCode).toBe(
      403,
    );
    const buyer = await tokenOf(ctx, nextSitesPhone());
    expect((await call(ctx, 'GET', '/api/partner/sites/export.xlsx', buyer)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/partner/sites/export.csv')).statusCode).toBe(401);
  });
});

describe('POST /api/partner/sites/photo-match', () => {
  const match = (file_names: string[], token = owner.token) =>
    call(ctx, 'POST', '/api/partner/sites/photo-match', token, { file_names });

  it("names each file's site by code (any case, an optional -N photo number); unknown codes are null", async () => {
    const res = await ok(
      await match(['EXP-001.jpg', 'exp-001-2.JPG', 'photos/EXP-003 (3).png', 'MUM-9999.jpg', 'notes.txt']),
    );
    expect(res.data).toEqual([
      {
        file_name: 'EXP-001.jpg',
        site_id: ids[0],
        site_code: 'EXP-001',
        site_name: 'Andheri Flyover',
        photos: 0,
      },
      {
        file_name: 'exp-001-2.JPG',
        site_id: ids[0],
        site_code: 'EXP-001',
        site_name: 'Andheri Flyover',
        photos: 0,
      },
      {
        file_name: 'photos/EXP-003 (3).png',
        site_id: ids[2],
        site_code: 'EXP-003',
        site_name: 'Bandra Gantry',
        photos: 0,
      },
      { file_name: 'MUM-9999.jpg', site_id: null, site_code: null, site_name: null, photos: null },
      { file_name: 'notes.txt', site_id: null, site_code: null, site_name: null, photos: null },
    ]);
  });

  it("an exact code wins over a code plus a number; another owner's codes never match", async () => {
    const [exact] = await Promise.all([
      insertProduct(ctx.database.db, {
        mediaOwnerId: owner.ownerId,
        productCode: 'EXP-001-2',
        name: 'Exact',
      }),
      insertProduct(ctx.database.db, {
        mediaOwnerId: rival.ownerId,
        productCode: 'RIV-001',
        name: 'Rival coded',
      }),
    ]);
    const res = await ok(await match(['EXP-001-2.jpg', 'RIV-001.jpg']));
    expect(res.data.map((m: { site_id: number | null }) => m.site_id)).toEqual([exact.id, null]);
  });

  it('refuses an empty list, too many names, or a hostile name (400); a field member 403', async () => {
    expect((await match([])).statusCode).toBe(400);
    expect((await match(Array.from({ length: 501 }, (_, i) => `A-${i}.jpg`))).statusCode).toBe(400);
    expect((await match(['MUM\u202e0042.jpg'])).statusCode).toBe(400);
    const phone = nextSitesPhone();
    await ok(
      await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role: 'field' }),
      201,
    );
    const field = await tokenOf(ctx, phone);
    await ok(await call(ctx, 'GET', '/api/me/roles', field));
    expect((await match(['EXP-001.jpg'], field)).statusCode).toBe(403);
  });
});
