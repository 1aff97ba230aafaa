import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factory, factory, multipart } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, proofs } from '../../db/schema.ts';
import { call, createSitesTestApp, mediaOwner, ok } from '../sites/sites.test-helpers.ts';

/** DELETE /api/partner/proofs/{id} (docs/product-rules.md section 7, decision 046): withdraw within 24 hours. */

let ctx: TestContext;
let make: Factory;
let owner: { token: string; ownerId: number };
let rival: { token: string; ownerId: number };
beforeAll(async () => {
  ctx = await createSitesTestApp();
  make = factory(ctx);
  owner = await mediaOwner(ctx);
  rival = await mediaOwner(ctx);
});
afterAll(() => ctx.close());

let photo = 0;
async function postProof(): Promise<{ proofId: number; lineId: number }> {
  const { lineId } = await make.lineTakingProof({ id: owner.ownerId });
  photo += 1;
  // A different picture each time, so no proof is the copy of another.
  const jpeg = await sharp({
    create: { width: 64 + photo * 8, height: 48, channels: 3, background: { r: 30 * photo, g: 90, b: 20 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart(jpeg, 'proof.jpg', 'image/jpeg');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/partner/lines/${lineId}/proofs`,
    headers: { ...body.headers, authorization: `Bearer ${owner.token}` },
    payload: body.payload,
  });
  return { proofId: (await ok(res, 201)).data.id, lineId };
}

describe('DELETE /api/partner/proofs/{id}', () => {
  it('withdraws a proof within 24 hours: gone from the lists and the image; again answers 204; audited', async () => {
    const { proofId } = await postProof();
    expect((await call(ctx, 'GET', `/api/proofs/${proofId}/image`, owner.token)).statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/api/partner/proofs/${proofId}`, rival.token)).statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', `/api/partner/proofs/${proofId}`, owner.token)).statusCode).toBe(204);
    expect((await call(ctx, 'DELETE', `/api/partner/proofs/${proofId}`, owner.token)).statusCode).toBe(204);
    expect((await call(ctx, 'GET', `/api/proofs/${proofId}/image`, owner.token)).statusCode).toBe(404);
    const lines = await ok(await call(ctx, 'GET', '/api/partner/proofs', owner.token));
    const ids = lines.data.flatMap((l: { proofs: Array<{ id: number }> }) => l.proofs.map((p) => p.id));
    expect(ids).not.toContain(proofId);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'proof'), eq(auditLog.entityId, String(proofId))));
    expect(audit.map((a) => a.action)).toEqual(['proof.withdraw']);
  });

  it('is a 409 after 24 hours', async () => {
    const { proofId } = await postProof();
    // Posted a day and a minute ago (moving the clock would end the owner's session too).
    const dayAgo = new Date(ctx.clock.now().getTime() - 24 * 3_600_000 - 60_000);
    await ctx.database.db.update(proofs).set({ createdAt: dayAgo }).where(eq(proofs.id, proofId));
    const res = await call(ctx, 'DELETE', `/api/partner/proofs/${proofId}`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/within 24 hours/);
  });
});
