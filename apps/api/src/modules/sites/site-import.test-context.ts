import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { application } from '../../../test/factory.ts';
import { insertCategories } from '../../../test/fixtures.ts';
import { nextIp, nextPhone, signIn } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { products } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { importRow, multipartFile } from './site-import.test-helpers.ts';

/** How the report names a row besides its line (issue 22). */
export const named = (row: Record<string, string>) => ({ site_code: row.site_code, site_name: row.name });
export const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * The import tests' app (with an operator to approve owners) and the calls they make of it; one per test
 * file, each on a fresh database. `close` ends it.
 */
export async function createImportTestContext() {
  const ctx: TestContext = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  await insertCategories(ctx.database.db);
  const operator = await signIn(ctx.app, OPERATOR_PHONE);

  /** A signed-in member of a media owner: approved unless told otherwise. */
  async function owner(approved = true): Promise<{ token: string; id: number }> {
    const token = await signIn(ctx.app, nextPhone());
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/apply',
      headers: auth(token),
      payload: application(),
      remoteAddress: nextIp(),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().data.id as number;
    if (approved) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/ops/media-owners/${id}/approve`,
        headers: auth(operator),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { token, id };
  }

  function upload(
    token: string | undefined,
    content: string | Buffer,
    query = 'dry_run=true',
    headers: Record<string, string> = {},
  ) {
    const body = multipartFile(content);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/partner/sites/import?${query}`,
      headers: { ...auth(token), 'content-type': body.contentType, ...headers },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
  }

  const siteCount = async (ownerId?: number) =>
    Number(
      (
        await ctx.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(ownerId === undefined ? undefined : eq(products.mediaOwnerId, ownerId))
      )[0].n,
    );

  let serial = 0;
  /** Rows with codes no other test of the file uses. */
  const rows = (n: number, change: (i: number) => Partial<Record<string, string>> = () => ({})) =>
    Array.from({ length: n }, (_, i) => {
      serial += 1;
      return importRow(serial, change(i) as Record<string, string>);
    });

  return { ctx, owner, upload, siteCount, rows, close: () => ctx.close() };
}

export type ImportTestContext = Awaited<ReturnType<typeof createImportTestContext>>;

/**
 * For a test file: starts the context before its tests and closes it after; the calls read the live
 * context, so they can be taken apart at the top of the file.
 */
export function useImportTestContext() {
  let t: ImportTestContext;
  beforeAll(async () => {
    t = await createImportTestContext();
  });
  afterAll(() => t.close());
  return {
    get ctx(): TestContext {
      return t.ctx;
    },
    owner: (approved?: boolean) => t.owner(approved),
    upload: (...args: Parameters<ImportTestContext['upload']>) => t.upload(...args),
    siteCount: (ownerId?: number) => t.siteCount(ownerId),
    rows: (...args: Parameters<ImportTestContext['rows']>) => t.rows(...args),
  };
}
