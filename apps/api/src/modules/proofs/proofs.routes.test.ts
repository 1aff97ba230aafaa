import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bookAndPay, line, phoneOf, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { notifications, orderItems, orderLineEvents } from '../../db/schema.ts';
import { multipartFile } from '../sites/site-import.test-helpers.ts';
import { northOf, proofPhoto, scene } from './proof-photos.test-helpers.ts';

/** Today is 2026-11-22 in IST (the test clock); the booking runs 29 Nov to 6 Dec (to_date exclusive). */
const OPERATOR = 7001;
let ctx: TestContext;
let make: Factory;
let a: OwnerRow;
let b: OwnerRow;
let buyerToken: string;
let otherBuyerToken: string;
let operatorToken: string;
const andheri = { latitude: 19.1197, longitude: 72.8464 };
const bandra = { latitude: 19.0544, longitude: 72.8406 };
/** Lines: on Andheri, on Bandra (both approved), and one still waiting for its creative. */
let onAndheri: number;
let onBandra: number;
let waiting: number;

const upload = (lineId: number, file: Buffer, token: string, filename = 'proof.jpg') => {
  const body = multipartFile(file, { filename, contentType: 'image/jpeg' });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/partner/lines/${lineId}/proofs`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
/** The creative's review is another module's (and its tests'): the fixture writes the outcome. */
const approve = (lineId: number) =>
  ctx.database.db.update(orderItems).set({ status: 'creative_approved' }).where(eq(orderItems.id, lineId));
/** During the booking, in the camera's local time (IST). */
const DURING = '2026:11:30 10:15:00';

/** Tokens as of the clock's now (moving the clock a week ends older sessions). */
async function signIn() {
  buyerToken = await tokenFor(ctx, 7201);
  otherBuyerToken = await tokenFor(ctx, 7202);
  operatorToken = await tokenFor(ctx, OPERATOR);
  await make.refresh(a.admin);
  await make.refresh(b.admin);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: phoneOf(OPERATOR) } });
  make = factory(ctx);
  const db = ctx.database.db;
  a = await make.ownerRow();
  b = await make.ownerRow();
  const s1 = await make.siteRow(a, { name: 'Andheri Gantry', ...andheri });
  const s2 = await make.siteRow(a, { name: 'Bandra Hoarding', ...bandra });
  const s3 = await make.siteRow(a, { name: 'Worli Pole' });
  await signIn();
  const paid = await bookAndPay(
    ctx,
    buyerToken,
    [
      line(s1.id, '2026-11-29', '2026-12-06'),
      line(s2.id, '2026-11-29', '2026-12-06'),
      line(s3.id, '2026-11-29', '2026-12-06'),
    ],
    31_500,
  );
  expect(paid.confirmed?.statusCode).toBe(200);
  const lines = await db
    .select({ id: orderItems.id, productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, paid.booked.json().order_id));
  onAndheri = lines.find((l) => l.productId === s1.id)!.id;
  onBandra = lines.find((l) => l.productId === s2.id)!.id;
  waiting = lines.find((l) => l.productId === s3.id)!.id;
  await approve(onAndheri);
  await approve(onBandra);
});
afterAll(() => ctx.close());

describe('POST /api/partner/lines/{lineId}/proofs: when', () => {
  it('refuses before the first day, and before the creative is approved, saying why (409)', async () => {
    const photo = await proofPhoto(1, { ...andheri, takenAt: DURING });
    const early = await upload(onAndheri, photo, a.admin.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("Proof can be posted from 29 Nov 2026, the booking's first day.");
    ctx.clock.set(new Date('2026-11-30T06:30:00Z'));
    await signIn();
    const unapproved = await upload(waiting, photo, a.admin.token);
    expect(unapproved.statusCode).toBe(409);
    expect(unapproved.json().error.message).toMatch(/Approve the creative before posting proof\./);
  });

  it("answers 404 for another owner's line, 403 for a buyer, 401 signed out", async () => {
    const photo = await proofPhoto(1, { ...andheri, takenAt: DURING });
    expect((await upload(onAndheri, photo, b.admin.token)).statusCode).toBe(404);
    expect((await upload(999_999, photo, a.admin.token)).statusCode).toBe(404);
    expect((await upload(onAndheri, photo, buyerToken)).statusCode).toBe(403);
    const body = multipartFile(photo, { filename: 'p.jpg', contentType: 'image/jpeg' });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/lines/${onAndheri}/proofs`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/partner/lines/{lineId}/proofs: the checks', () => {
  it('verifies a photo taken within 250 m during the booking; the line is posted and the buyer told', async () => {
    const res = await upload(
      onAndheri,
      await proofPhoto(1, { ...northOf(andheri, 120), takenAt: DURING }),
      a.admin.token,
    );
    expect(res.statusCode).toBe(201);
    const proof = res.json().data;
    expect(proof).toMatchObject({ verified: true, reasons: [], distance_m: 120 });
    expect(proof.taken_at).toBe('2026-11-30T04:45:00.000Z');
    expect(proof.latitude).toBeCloseTo(northOf(andheri, 120).latitude, 5);
    expect(proof.image_url).toBe(`/api/proofs/${proof.id}/image`);
    const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, onAndheri));
    expect(line.status).toBe('posted');
    const events = await ctx.database.db
      .select()
      .from(orderLineEvents)
      .where(eq(orderLineEvents.orderItemId, onAndheri));
    expect(events.at(-1)).toMatchObject({
      toStatus: 'posted',
      actorRole: 'media_owner',
      note: 'Proof photo: verified',
    });
    const queued = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `proof:${proof.id}:posted:buyer:sms`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ template: 'proof_posted', recipient: phoneOf(7201) });
  });

  it('stores a photo 2 km away as unverified, with the distance (posted -> posted)', async () => {
    const res = await upload(
      onAndheri,
      await proofPhoto(2, { ...northOf(andheri, 2000), takenAt: DURING }),
      a.admin.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      verified: false,
      distance_m: 2000,
      reasons: [{ code: 'too_far', message: '2.0 km from the site' }],
    });
  });

  it('stores a photo without EXIF as unverified: no position, no time', async () => {
    const res = await upload(onAndheri, await scene(3), a.admin.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      verified: false,
      latitude: null,
      distance_m: null,
      taken_at: null,
      reasons: [
        { code: 'no_position', message: 'No position in the photo' },
        { code: 'no_time', message: 'No time in the photo' },
      ],
    });
  });

  it('stores a photo with a time but no position as no_position only', async () => {
    const res = await upload(onAndheri, await proofPhoto(4, { takenAt: DURING }), a.admin.token);
    expect(res.json().data.reasons.map((r: { code: string }) => r.code)).toEqual(['no_position']);
  });

  it('stores a photo taken before the booking as outside_dates', async () => {
    const res = await upload(
      onAndheri,
      await proofPhoto(5, { ...andheri, takenAt: '2026:11:20 18:00:00' }),
      a.admin.token,
    );
    expect(res.json().data).toMatchObject({
      verified: false,
      reasons: [
        {
          code: 'outside_dates',
          message: 'Taken before the booking (20 Nov 2026; the booking starts 29 Nov 2026)',
        },
      ],
    });
  });

  it('flags the same photo posted again for another site as a duplicate of the earlier proof', async () => {
    // The verified photo, re-encoded smaller, its EXIF rewritten to Bandra: a recycled photo.
    const original = await proofPhoto(1, { ...bandra, takenAt: DURING });
    const smaller = await sharp(original).resize(640).jpeg({ quality: 70 }).withMetadata().toBuffer();
    const res = await upload(onBandra, smaller, a.admin.token);
    expect(res.statusCode).toBe(201);
    const proof = res.json().data;
    expect(proof.verified).toBe(false);
    expect(proof.reasons).toEqual([
      { code: 'duplicate', message: 'Same photo as an earlier proof (Andheri Gantry, 30 Nov 2026)' },
    ]);
  });

  it('flags a mirrored copy of an earlier proof as a duplicate (issue 20)', async () => {
    const original = await proofPhoto(9, { ...andheri, takenAt: DURING });
    const first = (await upload(onAndheri, original, a.admin.token)).json().data;
    expect(first.reasons.map((r: { code: string }) => r.code)).not.toContain('duplicate');
    // Its EXIF names the camera (TestCam, written by the fixture).
    expect(first).toMatchObject({ camera: 'TestCam', exif_stripped: false });
    const mirrored = await sharp(original).flop().jpeg({ quality: 85 }).withMetadata().toBuffer();
    const res = await upload(onBandra, mirrored, a.admin.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.reasons).toContainEqual({
      code: 'duplicate',
      message: 'Same photo as an earlier proof (Andheri Gantry, 30 Nov 2026)',
    });
  });

  it('flags a 2.5 %-a-side crop saved at quality 60 as a duplicate; its missing EXIF is a hint', async () => {
    const original = await proofPhoto(7, { ...andheri, takenAt: DURING });
    await upload(onAndheri, original, a.admin.token);
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const dx = Math.round(width * 0.025);
    const dy = Math.round(height * 0.025);
    const cropped = await sharp(original)
      .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
      .jpeg({ quality: 60 })
      .toBuffer();
    const res = await upload(onBandra, cropped, a.admin.token);
    expect(res.statusCode).toBe(201);
    const proof = res.json().data;
    expect(proof.reasons.map((r: { code: string }) => r.code)).toContain('duplicate');
    // Saved without metadata, as a messaging app sends it: shown as a hint, the verdict is the checks'.
    expect(proof).toMatchObject({ camera: null, exif_stripped: true });
  });

  it('does not take a different photo for a duplicate', async () => {
    const res = await upload(onAndheri, await proofPhoto(10, { ...andheri, takenAt: DURING }), a.admin.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ verified: true, reasons: [] });
  });

  it('takes PNG and WebP, refuses a file lying about its type (415) and an oversized one (413)', async () => {
    const png = await upload(onAndheri, await scene(6, 'png'), a.admin.token, 'proof.png');
    expect(png.statusCode).toBe(201);
    const webp = await upload(
      onAndheri,
      await sharp(await scene(7))
        .webp()
        .toBuffer(),
      a.admin.token,
      'p.webp',
    );
    expect(webp.statusCode).toBe(201);
    const liar = await upload(
      onAndheri,
      Buffer.from('<html>not a photo</html>'.repeat(20)),
      a.admin.token,
      'photo.jpg',
    );
    expect(liar.statusCode).toBe(415);
    expect(liar.json().error.message).toBe('This file type is not accepted; upload JPEG, PNG, WebP.');
    const huge = Buffer.concat([await scene(8), Buffer.alloc(26 * 1024 * 1024)]);
    const big = await upload(onAndheri, huge, a.admin.token);
    expect(big.statusCode).toBe(413);
  });
});

describe('GET /api/proofs/{id}/image and GET /api/partner/proofs', () => {
  it('serves the display copy without metadata to the buyer, the owner and operators; 404 to others', async () => {
    const list = await get('/api/partner/proofs', a.admin.token);
    expect(list.statusCode).toBe(200);
    const lines = list.json().data;
    const andheriLine = lines.find((l: { id: number }) => l.id === onAndheri);
    expect(andheriLine).toMatchObject({ status: 'posted', can_post_proof: true, blocked_reason: null });
    expect(andheriLine.proofs.length).toBeGreaterThanOrEqual(6);
    expect(lines.find((l: { id: number }) => l.id === waiting)).toMatchObject({
      can_post_proof: false,
      status: 'scheduled',
    });
    const id = andheriLine.proofs[0].id;
    for (const token of [buyerToken, a.admin.token, operatorToken]) {
      const res = await get(`/api/proofs/${id}/image`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    for (const token of [otherBuyerToken, b.admin.token]) {
      expect((await get(`/api/proofs/${id}/image`, token)).statusCode).toBe(404);
    }
    expect((await get(`/api/proofs/${id}/image`)).statusCode).toBe(401);
    expect((await get('/api/proofs/999999/image', operatorToken)).statusCode).toBe(404);
  });

  it("shows operators every line of the order with its proofs; others can't ask", async () => {
    const [row] = await ctx.database.db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(eq(orderItems.id, onAndheri));
    const res = await get(`/api/ops/orders/${row.orderId}/proofs`, operatorToken);
    expect(res.statusCode).toBe(200);
    const lines = res.json().data;
    expect(lines.map((l: { line_id: number }) => l.line_id).sort()).toEqual(
      [onAndheri, onBandra, waiting].sort(),
    );
    const bandraLine = lines.find((l: { line_id: number }) => l.line_id === onBandra);
    expect(bandraLine.site.name).toBe('Bandra Hoarding');
    expect(bandraLine.proofs[0].reasons[0].code).toBe('duplicate');
    expect((await get(`/api/ops/orders/${row.orderId}/proofs`, a.admin.token)).statusCode).toBe(403);
    expect((await get('/api/ops/orders/999999/proofs', operatorToken)).statusCode).toBe(404);
  });

  it("lists only the owner's own lines", async () => {
    const res = await get('/api/partner/proofs', b.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await get('/api/partner/proofs', buyerToken)).statusCode).toBe(403);
  });
});
