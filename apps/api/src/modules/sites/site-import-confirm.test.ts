import { SITE_IMPORT_COLUMNS } from '@ooh/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextPhone, signIn } from '../../../test/otp-sign-in.ts';
import { idempotencyKeys, products } from '../../db/schema.ts';
import { CHUNK_ROWS } from './site-import.repository.ts';
import { auth, useImportTestContext } from './site-import.test-context.ts';
import { importRow, multipartFile, toCsv } from './site-import.test-helpers.ts';

const t = useImportTestContext();
const { owner, upload, siteCount, rows } = t;

describe('POST /api/partner/sites/import?dry_run=false: the confirm', () => {
  it('writes every valid row as a pending site of the owner, once for a repeated key', async () => {
    const { token, id } = await owner();
    const file = toCsv(rows(4, (i) => (i === 1 ? { width_ft: '-3' } : i === 3 ? { site_code: '' } : {})));
    const headers = { 'idempotency-key': `import-${id}-aaaa` };
    const res = await upload(token, file, 'dry_run=false&expected_valid_rows=3', headers);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      dry_run: false,
      total_rows: 4,
      valid_rows: 3,
      invalid_rows: 1,
      created: 3,
    });
    const sites = await t.ctx.database.db.select().from(products).where(eq(products.mediaOwnerId, id));
    expect(sites).toHaveLength(3);
    expect(sites.every((s) => s.status === 'pending')).toBe(true);
    expect(sites.find((s) => s.productCode.startsWith(`MO${id}-`))?.productCode).toMatch(
      new RegExp(`^MO${id}-[A-Z2-7]{8}$`),
    );
    expect(sites[0]).toMatchObject({ pricePaise: 125_050, widthFt: 3, heightFt: 5, minDays: 7 });
    // A double click: the same key answers the same report and writes nothing more.
    const again = await upload(token, file, 'dry_run=false&expected_valid_rows=3', headers);
    expect(again.json().data).toEqual(report);
    expect(await siteCount(id)).toBe(3);
    const other = await upload(token, toCsv(rows(1)), 'dry_run=false', headers);
    expect(other.statusCode).toBe(409);
    expect(await siteCount(id)).toBe(3);
  });

  it('writes none when the count changed since the dry run (expected_valid_rows)', async () => {
    const { token, id } = await owner();
    const res = await upload(token, toCsv(rows(2)), 'dry_run=false&expected_valid_rows=3');
    expect(res.statusCode).toBe(409);
    expect(await siteCount(id)).toBe(0);
  });

  it('is all or nothing: a unique violation in the second chunk rolls back the first', async () => {
    const { token, id } = await owner();
    const db = t.ctx.database.db;
    // The database refuses one row mid-way, as a code taken by someone else between check and write would.
    await db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'taken' using errcode = 'unique_violation'; end if;
      return new; end $$`);
    await db.execute(
      sql`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`,
    );
    try {
      const file = toCsv(rows(CHUNK_ROWS + 20, (i) => (i === CHUNK_ROWS + 10 ? { name: 'Boom' } : {})));
      const res = await upload(token, file, 'dry_run=false', { 'idempotency-key': `boom-${id}-key` });
      expect(res.statusCode, res.body).toBe(409);
      expect(await siteCount(id)).toBe(0);
      const keys = await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, `boom-${id}-key`));
      expect(keys).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_boom on products`);
      await db.execute(sql`drop function refuse_boom()`);
    }
  });
});

describe('POST /api/partner/sites/import: who may', () => {
  it('401 signed out; 403 for a buyer and a pending owner; writes nothing', async () => {
    const file = toCsv(rows(1));
    const before = await siteCount();
    expect((await upload(undefined, file, 'dry_run=false')).statusCode).toBe(401);
    const buyer = await signIn(t.ctx.app, nextPhone());
    expect((await upload(buyer, file, 'dry_run=false')).statusCode).toBe(403);
    const pending = await owner(false);
    expect((await upload(pending.token, file, 'dry_run=false')).statusCode).toBe(403);
    expect(await siteCount()).toBe(before);
  });

  it("another owner's import never touches your sites: your codes are reported taken, theirs are theirs", async () => {
    const a = await owner();
    const b = await owner();
    const mine = rows(2);
    expect((await upload(a.token, toCsv(mine), 'dry_run=false')).json().data.created).toBe(2);
    const theirs = [...mine.map((r) => ({ ...r, name: 'Hijacked' })), ...rows(1)];
    const res = await upload(b.token, toCsv(theirs), 'dry_run=false');
    expect(res.json().data).toMatchObject({ valid_rows: 1, invalid_rows: 2, created: 1 });
    const aSites = await t.ctx.database.db.select().from(products).where(eq(products.mediaOwnerId, a.id));
    expect(aSites.map((s) => s.name).sort()).toEqual(mine.map((r) => r.name).sort());
    expect(await siteCount(b.id)).toBe(1);
  });

  it('400 for a bad dry_run or a form without the file field', async () => {
    const { token } = await owner();
    expect((await upload(token, toCsv(rows(1)), 'dry_run=maybe')).statusCode).toBe(400);
    const body = multipartFile(toCsv(rows(1)), { field: 'upload' });
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/partner/sites/import',
      headers: { ...auth(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('issue 22: paragraphs in descriptions, rows named by code and name, the failed rows to fix', () => {
  it('a description with line breaks (Alt+Enter) is accepted; a name with one is refused, named by code and name', async () => {
    const { token } = await owner();
    const csv = toCsv([
      importRow(9001, { description: 'Facing the metro exit.\nLit till midnight.' }),
      importRow(9002, { name: 'Lamp post\nMG Road' }),
    ]);
    const report = (await upload(token, csv)).json().data;
    expect(report).toMatchObject({ total_rows: 2, valid_rows: 1, invalid_rows: 1 });
    expect(report.errors).toEqual([
      {
        line: 3,
        field: 'name',
        message: 'Name must be a single line',
        site_code: 'IMP-09002',
        site_name: null,
      },
    ]);
    const done = await upload(token, csv, 'dry_run=false');
    expect(done.json().data.created).toBe(1);
    const [site] = await t.ctx.database.db
      .select()
      .from(products)
      .where(eq(products.productCode, 'IMP-09001'));
    expect(site.description).toBe('Facing the metro exit.\nLit till midnight.');
  });

  it('format=failed_rows_csv answers the 5 bad rows with what to fix; fixed, they import', async () => {
    const { token } = await owner();
    const rows = Array.from({ length: 8 }, (_, i) => importRow(9100 + i));
    for (const i of [1, 2, 4, 5, 7]) rows[i].price = 'lots';
    const failed = await upload(token, toCsv(rows), 'dry_run=true&format=failed_rows_csv');
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toMatch(/^text\/csv/);
    expect(failed.headers['content-disposition']).toContain('sites-import-failed-rows.csv');
    expect(failed.body.startsWith('\uFEFF')).toBe(true);
    const lines = failed.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(`${SITE_IMPORT_COLUMNS.join(',')},errors`);
    expect(lines[1]).toContain('IMP-09101');
    expect(lines[1]).toMatch(/price: Price must be a number$/);
    const fixed = failed.body.replaceAll(',lots,', ',1500,');
    const again = (await upload(token, fixed)).json().data;
    expect(again).toMatchObject({ total_rows: 5, valid_rows: 5, invalid_rows: 0 });
    expect(again.errors).toEqual([{ line: 1, field: 'errors', message: 'Unknown column; it is ignored' }]);
  });
});
