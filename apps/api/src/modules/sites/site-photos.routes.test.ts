import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../../test/factory.ts';
import { nextIp } from '../../../test/otp-sign-in.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { sitePhotos } from '../../db/schema.ts';
import {
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  operator,
  siteIn,
  tokenOf,
  upload,
} from './sites.test-helpers.ts';

let ctx: TestContext;
let ownerA: { token: string; ownerId: number };
let ownerB: { token: string; ownerId: number };
beforeAll(async () => {
  ctx = await createSitesTestApp();
  ownerA = await mediaOwner(ctx);
  ownerB = await mediaOwner(ctx);
});
afterAll(() => ctx.close());

const photoRows = async () =>
  Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sitePhotos))[0].n);
const fetchUrl = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: nextIp() });

/**
 * The buyer's GET /api/product/{id} from the database, not the catalogue cache: on PostgreSQL the cache is
 * dropped by a NOTIFY that arrives a moment after the commit (the cache's own tests cover that path).
 */
function buyerView(ctx: TestContext, id: number) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/product/${id}`,
    headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
  });
}

describe('POST /api/partner/sites/{id}/photos', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
  ] as const)(
    'takes a real %s: original kept privately, display copy public WebP, cached a year',
    async (type, name, mime) => {
      const id = await siteIn(ctx, ownerA.token, 'draft');
      const original = await image(type, 2400, 1200);
      const res = await upload(ctx, ownerA.token, id, original, name, mime);
      const site = (await ok(res, 201)).data;
      expect(site.photos).toHaveLength(1);
      const photo = site.photos[0];
      expect(photo).toMatchObject({ status: 'pending', position: 0 });
      expect(photo.url).toMatch(new RegExp(`^/api/media/site-photos/${id}/[0-9a-f-]{36}\\.webp$`));
      // The JPEG carries EXIF orientation 6: the copy is turned upright (portrait), at most 1600 px.
      if (type === 'jpeg') expect([photo.width, photo.height]).toEqual([800, 1600]);
      else expect([photo.width, photo.height]).toEqual([1600, 800]);
      const served = await fetchUrl(photo.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: photo.width, height: photo.height });
      expect(meta.exif).toBeUndefined();
      const again = await ctx.app.inject({
        method: 'GET',
        url: photo.url,
        headers: { 'if-none-match': served.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      const [row] = await ctx.database.db
        .select()
        .from(sitePhotos)
        .where(sql`${sitePhotos.id} = ${photo.id}`);
      expect(row.contentType).toBe(mime);
      const kept = await ctx.app.deps.storage.get(row.originalKey);
      expect(kept?.contentType).toBe(mime);
      expect(row.originalKey.startsWith('site-photo-originals/')).toBe(true);
    },
  );

  it('a PNG named .jpg and sent as image/jpeg is taken as the PNG it is', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const site = (
      await ok(await upload(ctx, ownerA.token, id, await image('png'), 'x.jpg', 'image/jpeg'), 201)
    ).data;
    const [row] = await ctx.database.db
      .select()
      .from(sitePhotos)
      .where(sql`${sitePhotos.id} = ${site.photos[0].id}`);
    expect(row.contentType).toBe('image/png');
    expect(row.originalKey).toMatch(/\.png$/);
  });

  it('refuses a text file claiming image/jpeg (415), a corrupt JPEG (422), 11 MB (413), no multipart (415): nothing stored', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const before = await photoRows();
    const text = await upload(
      ctx,
      ownerA.token,
      id,
      Buffer.from('hello, I am a photo'),
      'a.jpg',
      'image/jpeg',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'unsupported_media_type' });
    const jpeg = await image('jpeg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(4000, 7)]);
    const broken = await upload(ctx, ownerA.token, id, corrupt);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.message).toMatch(/cannot be read/);
    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024, 1)]);
    const tooBig = await upload(ctx, ownerA.token, id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(tooBig.json().error.message).toMatch(/10 MB/);
    const json = await call(ctx, 'POST', `/api/partner/sites/${id}/photos`, ownerA.token, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart/);
    expect(await photoRows()).toBe(before);
  });

  it('another owner’s site or photo is 404; a buyer 403; anonymous 401', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const site = (await ok(await upload(ctx, ownerA.token, id, await image('png')), 201)).data;
    const photoId = site.photos[0].id;
    expect((await upload(ctx, ownerB.token, id, await image('png'))).statusCode).toBe(404);
    expect((await upload(ctx, undefined, id, await image('png'))).statusCode).toBe(401);
    const other = await siteIn(ctx, ownerB.token, 'draft');
    // Owner B's own site with owner A's photo id: still 404.
    expect(
      (await call(ctx, 'DELETE', `/api/partner/sites/${other}/photos/${photoId}`, ownerB.token)).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${photoId}`, ownerB.token)).statusCode,
    ).toBe(404);
    const buyer = await tokenOf(ctx, nextSitesPhone());
    expect((await upload(ctx, buyer, id, await image('png'))).statusCode).toBe(403);
    expect((await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${photoId}`, buyer)).statusCode).toBe(
      403,
    );
    expect((await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${photoId}`)).statusCode).toBe(401);
    expect(
      (await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, ownerA.token))).data.photos,
    ).toHaveLength(1);
  });

  it('at most 12 photos; delete removes it and its files; cover moves first', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const png = await image('png', 32, 24);
    let site: { photos: Array<{ id: number; url: string; position: number }> } = { photos: [] };
    for (let i = 0; i < 12; i += 1) site = (await ok(await upload(ctx, ownerA.token, id, png), 201)).data;
    const thirteenth = await upload(ctx, ownerA.token, id, png);
    expect(thirteenth.statusCode).toBe(409);
    expect(thirteenth.json().error.message).toMatch(/at most 12/);
    const last = site.photos[11];
    const covered = await ok(
      await call(ctx, 'POST', `/api/partner/sites/${id}/photos/${last.id}/cover`, ownerA.token),
    );
    expect(covered.data.photos[0].id).toBe(last.id);
    expect(covered.data.photos.map((p: { position: number }) => p.position)).toEqual([...Array(12).keys()]);
    const removed = await ok(
      await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${last.id}`, ownerA.token),
    );
    expect(removed.data.photos).toHaveLength(11);
    expect((await fetchUrl(last.url)).statusCode).toBe(404);
    expect(
      (await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${last.id}`, ownerA.token)).statusCode,
    ).toBe(404);
    expect((await fetchUrl(`/api/media/site-photos/${id}/not-a-photo.webp`)).statusCode).toBe(400);
  });
});

describe('photos and review', () => {
  it('a new site’s photos go live with its approval and become the buyer’s images, cover first', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    await ok(await upload(ctx, ownerA.token, id, await image('png')), 201);
    const second = (await ok(await upload(ctx, ownerA.token, id, await image('webp')), 201)).data.photos[1];
    await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/photos/${second.id}/cover`, ownerA.token));
    await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/status`, ownerA.token, { action: 'submit' }));
    expect((await buyerView(ctx, id)).statusCode).toBe(404);
    const approved = await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, await operator(ctx)));
    expect(approved.data.photos.map((p: { status: string }) => p.status)).toEqual(['live', 'live']);
    const product = await ok(await buyerView(ctx, id));
    expect(product.images).toEqual(approved.data.photos.map((p: { url: string }) => p.url));
    expect(product.images[0]).toBe(second.url);
  });

  it('a photo added to a live site waits for review; buyers see it only after approval; a rejection drops it', async () => {
    // The live site already has the photo it was submitted with (a site needs one, decision 046).
    const id = await siteIn(ctx, ownerA.token, 'live');
    const op = await operator(ctx);
    const first = (await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, ownerA.token))).data.photos[0];
    expect((await ok(await buyerView(ctx, id))).images).toEqual([first.url]);
    const added = (await ok(await upload(ctx, ownerA.token, id, await image('jpeg')), 201)).data;
    expect(added).toMatchObject({ status: 'live', in_review: true });
    expect((await ok(await buyerView(ctx, id))).images).toEqual([first.url]);
    const queue = await ok(await call(ctx, 'GET', '/api/ops/sites?status=pending&page_size=100', op));
    expect(queue.results.map((s: { id: number }) => s.id)).toContain(id);
    await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op));
    expect((await ok(await buyerView(ctx, id))).images).toEqual([first.url, added.photos[1].url]);

    const refused = (await ok(await upload(ctx, ownerA.token, id, await image('png')), 201)).data.photos[2];
    await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'Not this site' }));
    const site = (await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, ownerA.token))).data;
    expect(site.photos.map((p: { id: number }) => p.id)).toEqual([first.id, added.photos[1].id]);
    expect(site.rejection_reason).toBe('Not this site');
    expect((await fetchUrl(refused.url)).statusCode).toBe(404);
    // Removing a live photo takes it off the buyer's page at once.
    await ok(
      await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/${added.photos[1].id}`, ownerA.token),
    );
    expect((await ok(await buyerView(ctx, id))).images).toEqual([first.url]);
  });
});
