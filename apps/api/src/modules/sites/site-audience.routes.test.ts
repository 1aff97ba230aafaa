import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Owner,
  type Person,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema.ts';

/** A site's audience (decision 080): entered by its owner, verified by an operator, read by buyers with its source. */
let ctx: TestContext;
let make: Factory;
let owner: Owner;
let other: Owner;
let operator: Person;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  owner = await make.owner();
  other = await make.owner();
  operator = await make.operator();
});
afterAll(() => ctx.close());

const audienceOf = async (siteId: number) =>
  expectStatus<{ audience: unknown }>(await make.call(null, 'GET', `/api/product/${siteId}`)).audience;

const patch = (who: Person, id: number, body: unknown) =>
  make.call(who, 'PATCH', `/api/partner/sites/${id}`, body);
const mark = (who: Person, id: number, verified: boolean) =>
  make.call(who, 'POST', `/api/ops/sites/${id}/audience`, { verified });

describe('the owner enters the audience', () => {
  it('stores the figure with its source, month and method, and buyers read them together', async () => {
    const site = await make.site(owner, 'live', {
      impression: 120_000,
      audience_source: 'traffic_count',
      audience_measured_on: '2026-03',
      audience_method: 'Manual count, 7 am to 10 pm, two weekdays',
    });
    expect(await audienceOf(site.id)).toEqual({
      daily_impressions: 120_000,
      source: 'traffic_count',
      measured_on: '2026-03',
      method: 'Manual count, 7 am to 10 pm, two weekdays',
      verified: false,
    });
    const own = expectStatus<{ data: { audience: unknown } }>(
      await make.call(owner.admin, 'GET', `/api/partner/sites/${site.id}`),
    );
    expect(own.data.audience).toMatchObject({ source: 'traffic_count', verified: false });
  });

  it('reads a figure typed without a source as owner-declared', async () => {
    const site = await make.site(owner, 'draft', { impression: 30_000 });
    const own = expectStatus<{ data: { audience: { source: string } } }>(
      await make.call(owner.admin, 'GET', `/api/partner/sites/${site.id}`),
    );
    expect(own.data.audience.source).toBe('owner_declared');
  });

  it('refuses hostile text, a month that is not one and an unknown source with a 400 that changes nothing', async () => {
    const site = await make.site(owner, 'draft', { impression: 30_000 });
    for (const body of [
      { audience_method: 'Counted\u202egnp.exe' },
      { audience_method: 'x'.repeat(301) },
      { audience_measured_on: '2026-13' },
      { audience_source: 'panel' },
      { audience_source: { $ne: 1 } },
    ]) {
      const res = await patch(owner.admin, site.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const own = expectStatus<{ data: { audience: { method: string } } }>(
      await make.call(owner.admin, 'GET', `/api/partner/sites/${site.id}`),
    );
    expect(own.data.audience.method).toBe('');
  });

  it("answers another owner's site 404 and leaves it as it was", async () => {
    const site = await make.site(owner, 'draft', { impression: 30_000 });
    const res = await patch(other.admin, site.id, { audience_source: 'survey' });
    expect(res.statusCode).toBe(404);
    const bulk = await make.call(other.admin, 'POST', '/api/partner/sites/bulk', {
      action: 'audience',
      site_ids: [site.id],
      audience_source: 'survey',
    });
    expect(bulk.statusCode).toBe(404);
  });
});

describe('the operator verifies', () => {
  it('marks a figure verified (audited); the same mark again changes nothing; the owner changing it clears it', async () => {
    const site = await make.site(owner, 'live', { impression: 80_000, audience_source: 'survey' });
    const first = expectStatus<{ data: { audience: { verified: boolean } } }>(
      await mark(operator, site.id, true),
    );
    expect(first.data.audience.verified).toBe(true);
    expectStatus(await mark(operator, site.id, true));
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.audience_verify'));
    expect(audits.filter((a) => a.entityId === String(site.id))).toHaveLength(1);
    expect(await audienceOf(site.id)).toMatchObject({ verified: true });

    // The same figure typed again keeps the mark; a new one loses it.
    expectStatus(await make.settled(() => patch(owner.admin, site.id, { impression: 80_000 })));
    expect(await audienceOf(site.id)).toMatchObject({ verified: true });
    expectStatus(await make.settled(() => patch(owner.admin, site.id, { impression: 95_000 })));
    expect(await audienceOf(site.id)).toMatchObject({ daily_impressions: 95_000, verified: false });
  });

  it('a bulk change of the source clears the mark too', async () => {
    const site = await make.site(owner, 'live', { impression: 80_000, audience_source: 'survey' });
    expectStatus(await mark(operator, site.id, true));
    const bulk = expectStatus<{ data: { updated: number } }>(
      await make.call(owner.admin, 'POST', '/api/partner/sites/bulk', {
        action: 'audience',
        site_ids: [site.id],
        audience_source: 'modelled',
        audience_method: 'Our footfall model from the mall entrance counters',
      }),
    );
    expect(bulk.data.updated).toBe(1);
    expect(await audienceOf(site.id)).toMatchObject({ source: 'modelled', verified: false });
  });

  it('only an operator marks, and a site without a figure has nothing to verify', async () => {
    const site = await make.site(owner, 'live', { impression: 80_000 });
    expect((await mark(owner.admin, site.id, true)).statusCode).toBe(403);
    expect(
      (await make.call(null, 'POST', `/api/ops/sites/${site.id}/audience`, { verified: true })).statusCode,
    ).toBe(401);
    const bare = await make.site(owner, 'draft', { impression: undefined });
    expect((await mark(operator, bare.id, true)).statusCode).toBe(409);
    expect((await mark(operator, 2_000_000_000, true)).statusCode).toBe(404);
    expect(
      (await make.call(operator, 'POST', `/api/ops/sites/${site.id}/audience`, { verified: 'yes' }))
        .statusCode,
    ).toBe(400);
  });
});
