import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { planShares } from '../../db/schema.ts';

const DAY = 86_400_000;

describe('media plans: share links', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  let campaignId: number;
  let customizedId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await tokenFor(ctx, 61);
    bob = await tokenFor(ctx, 62);
    const site = await insertProduct(ctx.database.db, { name: 'Worli Sea Link Panel' });
    campaignId = (await insertStandardCampaign(ctx.database.db, [site.id], { name: 'Link Week' })).id;
    const created = await post(ctx, '/api/create_customized_campaign/', alice, {
      name: 'Private Picks',
      products: [{ product_id: site.id }],
    });
    customizedId = created.json().data.id ?? created.json().data;
  });
  afterAll(() => ctx.close());

  const open = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/plans/shared/${token}` });
  const revoke = (token: string, who: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/plans/share/${token}`, headers: bearer(who) });
  const share = async (body: object, who = alice) => {
    const res = await post(ctx, '/api/plans/share', who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; url: string; expires_at: string };
  };

  it('creates a 30-day link with a 43-character token, storing only its SHA-256', async () => {
    const created = await share({ campaign_id: campaignId });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`/plan/${created.token}`);
    expect(new Date(created.expires_at).getTime() - ctx.clock.now().getTime()).toBe(30 * DAY);
    const rows = await ctx.database.db.select().from(planShares);
    const hash = createHash('sha256').update(created.token).digest('hex');
    expect(rows.some((r) => r.tokenHash === hash)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    const opened = await open(created.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['x-robots-tag']).toBe('noindex');
    expect(opened.json().plan).toMatchObject({ title: 'Link Week', site_count: 1, kind: 'campaign' });
  });

  it('needs sign-in, and shares a customized campaign only for its owner', async () => {
    expect((await post(ctx, '/api/plans/share', null, { campaign_id: campaignId })).statusCode).toBe(401);
    // Signed out is 401 whatever the body: the sign-in check comes before the body is read.
    expect((await post(ctx, '/api/plans/share', null, { campaign_id: 'nonsense' })).statusCode).toBe(401);
    expect((await post(ctx, '/api/plans/share', bob, { campaign_id: customizedId })).statusCode).toBe(404);
    expect((await post(ctx, '/api/plans/share', bob, { order_id: 1 })).statusCode).toBe(404);
    expect((await post(ctx, '/api/plans/share', alice, {})).statusCode).toBe(400);
    expect((await post(ctx, '/api/plans/share', alice, { campaign_id: 1, order_id: 1 })).statusCode).toBe(
      400,
    );
    await share({ campaign_id: customizedId });
  });

  it('expires after 30 days with a 410 that says so', async () => {
    const { token } = await share({ campaign_id: campaignId });
    const start = ctx.clock.now();
    ctx.clock.set(new Date(start.getTime() + 30 * DAY - 1000));
    expect((await open(token)).statusCode).toBe(200);
    ctx.clock.set(new Date(start.getTime() + 30 * DAY));
    const expired = await open(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/expired/);
    ctx.clock.set(start);
  });

  it('is revoked by its creator only; others and guesses get 404', async () => {
    const { token } = await share({ campaign_id: campaignId });
    expect((await revoke(token, bob)).statusCode).toBe(404);
    expect((await open(token)).statusCode).toBe(200);
    expect((await revoke(token, alice)).statusCode).toBe(200);
    const revoked = await open(token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toMatch(/revoked/);
    // Revoking twice is harmless.
    expect((await revoke(token, alice)).statusCode).toBe(200);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/plans/shares', headers: bearer(alice) });
    expect(listed.json().data.map((s: { status: string }) => s.status)).toContain('revoked');
  });

  it('answers 404 to guessed and malformed tokens', async () => {
    const guess = Buffer.alloc(32, 7).toString('base64url');
    for (const token of [guess, 'abc', 'x'.repeat(43), '%00', 'a'.repeat(90)]) {
      expect((await open(token)).statusCode, token).toBe(404);
      expect((await revoke(token, alice)).statusCode, token).toBe(404);
    }
  });
});
