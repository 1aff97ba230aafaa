import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema.ts';
import { call, createSitesTestApp, mediaOwner, ok, operator, siteIn, upload } from './sites.test-helpers.ts';

/** PostgreSQL only: several connections, so decisions really run at once (PGlite runs one query at a time). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createSitesTestApp();
});
afterAll(() => ctx.close());

describe('two decisions on one site at once', () => {
  it('an approve and a reject together: one 200, one 409, one audit row', async () => {
    const { token } = await mediaOwner(ctx);
    const op = await operator(ctx);
    for (let round = 0; round < 3; round += 1) {
      const id = await siteIn(ctx, token, 'pending');
      const codes = (
        await Promise.all([
          call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op),
          call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'Duplicate listing' }),
        ])
      ).map((r) => r.statusCode);
      expect(codes.sort()).toEqual([200, 409]);
      const rows = await ctx.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'site' and ${auditLog.entityId} = ${String(id)}`);
      expect(rows).toHaveLength(1);
    }
  });

  it('photos uploaded at once never pass the limit of 12', async () => {
    const { token } = await mediaOwner(ctx);
    const id = await siteIn(ctx, token, 'draft');
    const png = await image('png', 16, 16);
    for (let i = 0; i < 10; i += 1) await ok(await upload(ctx, token, id, png), 201);
    const codes = (await Promise.all([0, 1, 2, 3].map(() => upload(ctx, token, id, png)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    const site = (await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, token))).data;
    expect(site.photos).toHaveLength(12);
  });
});
