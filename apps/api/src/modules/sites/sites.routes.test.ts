import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { image, siteFields } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, products } from '../../db/schema.ts';
import { generateSiteCode } from './sites.service.ts';
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

const productCount = async () =>
  Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n);

describe('site codes', () => {
  it('generates MO{ownerId}-{8 base32} codes that match the shared pattern', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateSiteCode(42)));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^MO42-[A-Z2-7]{8}$/);
  });
});

describe('POST /api/partner/sites and GET, PATCH /api/partner/sites/{id}', () => {
  it('creates a draft with a generated code, category by slug, min days and size; GET answers it', async () => {
    const res = await call(ctx, 'POST', '/api/partner/sites', ownerA.token, siteFields());
    const site = (await ok(res, 201)).data;
    expect(site).toMatchObject({
      status: 'draft',
      media_owner_id: ownerA.ownerId,
      category: 'hoarding',
      category_name: 'Hoarding',
      price: 4500,
      booking_duration: 7,
      width_ft: 40,
      height_ft: 20,
      photos: [],
      images: [],
      pending_changes: null,
      in_review: false,
      rejection_reason: null,
    });
    expect(site.product_id).toMatch(new RegExp(`^MO${ownerA.ownerId}-[A-Z2-7]{8}$`));
    const [row] = await ctx.database.db.select().from(products).where(sql`${products.id} = ${site.id}`);
    expect(row).toMatchObject({
      minDays: 7,
      bookingDuration: 7,
      pricePaise: 450_000,
      imageSize: '40 x 20 ft',
    });
    expect((await ok(await call(ctx, 'GET', `/api/partner/sites/${site.id}`, ownerA.token))).data).toEqual(
      site,
    );
  });

  it('takes the owner’s site code upper-cased; a code in use is a 409 naming site_code, nothing written', async () => {
    const code = `HYD-LP-${Date.now() % 100000}`;
    const made = await ok(
      await call(
        ctx,
        'POST',
        '/api/partner/sites',
        ownerA.token,
        siteFields({ site_code: code.toLowerCase() }),
      ),
      201,
    );
    expect(made.data.product_id).toBe(code);
    const before = await productCount();
    const again = await call(
      ctx,
      'POST',
      '/api/partner/sites',
      ownerB.token,
      siteFields({ site_code: code }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('site_code');
    expect(await productCount()).toBe(before);
    const other = await siteIn(ctx, ownerA.token, 'draft');
    const patch = await call(ctx, 'PATCH', `/api/partner/sites/${other}`, ownerA.token, { site_code: code });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.fields).toHaveProperty('site_code');
  });

  it.each([
    ['name', { name: '  ' }, /Name is required/],
    ['category', { category: 'stadium' }, /Choose a category/],
    ['price', { price: 0 }, /more than 0/],
    ['price', { price: 10.555 }, /2 decimals/],
    ['booking_duration', { booking_duration: 2.5 }, /whole number/],
    ['pin_code', { pin_code: '12345' }, /6-digit/],
    ['latitude', { latitude: 51.5 }, /inside India/],
    ['longitude', { longitude: 10 }, /inside India/],
    ['width_ft', { width_ft: -1 }, /Width/],
    ['lighting', { lighting: 'Neon' }, /Front Lit/],
    ['site_code', { site_code: 'a b' }, /Site code/],
    ['name', { name: 'x'.repeat(201) }, /at most 200/],
  ])('a bad %s is a 400 naming it with a clear message, nothing written', async (field, change, message) => {
    const before = await productCount();
    const res = await call(ctx, 'POST', '/api/partner/sites', ownerA.token, siteFields(change as object));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toMatch(message);
    expect(await productCount()).toBe(before);
  });

  it('PATCH of a draft applies every field at once; a bad field is a 400 and changes nothing', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const res = await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, {
      name: 'Renamed',
      price: '6,000',
      category: 'bridge',
      booking_duration: 14,
      height_ft: 25,
    });
    expect((await ok(res)).data).toMatchObject({
      name: 'Renamed',
      price: 6000,
      category: 'bridge',
      booking_duration: 14,
      height_ft: 25,
      pending_changes: null,
    });
    const bad = await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, { name: 'X', price: -5 });
    expect(bad.statusCode).toBe(400);
    expect((await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, ownerA.token))).data.name).toBe(
      'Renamed',
    );
  });

  it('lists own sites only, paged, by status and search', async () => {
    await siteIn(ctx, ownerB.token, 'draft', { name: 'Owner B Only Site' });
    const name = `Searchable ${Date.now()}`;
    const id = await siteIn(ctx, ownerA.token, 'pending', { name });
    const all = await ok(await call(ctx, 'GET', '/api/partner/sites?page_size=100', ownerA.token));
    expect(all.count).toBeGreaterThan(2);
    expect(all.results.every((s: { media_owner_id: number }) => s.media_owner_id === ownerA.ownerId)).toBe(
      true,
    );
    const found = await ok(
      await call(ctx, 'GET', `/api/partner/sites?search=${encodeURIComponent(name)}`, ownerA.token),
    );
    expect(found.results.map((s: { id: number }) => s.id)).toEqual([id]);
    const pending = await ok(await call(ctx, 'GET', '/api/partner/sites?status=pending', ownerA.token));
    expect(pending.results.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    const paged = await ok(await call(ctx, 'GET', '/api/partner/sites?page=2&page_size=1', ownerA.token));
    expect(paged).toMatchObject({ page: 2, page_size: 1, count: all.count });
    expect(paged.results).toHaveLength(1);
    expect((await call(ctx, 'GET', '/api/partner/sites?status=gone', ownerA.token)).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('another owner’s site is 404 on every call; its row is untouched', async () => {
    const id = await siteIn(ctx, ownerA.token, 'live');
    const b = ownerB.token;
    expect((await call(ctx, 'GET', `/api/partner/sites/${id}`, b)).statusCode).toBe(404);
    expect((await call(ctx, 'PATCH', `/api/partner/sites/${id}`, b, { price: 1 })).statusCode).toBe(404);
    expect(
      (await call(ctx, 'POST', `/api/partner/sites/${id}/status`, b, { action: 'pause' })).statusCode,
    ).toBe(404);
    expect((await call(ctx, 'DELETE', `/api/partner/sites/${id}/photos/1`, b)).statusCode).toBe(404);
    expect((await call(ctx, 'POST', `/api/partner/sites/${id}/photos/1/cover`, b)).statusCode).toBe(404);
    const site = (await ok(await call(ctx, 'GET', `/api/partner/sites/${id}`, ownerA.token))).data;
    expect(site).toMatchObject({ status: 'live', price: 4500 });
  });

  it('a buyer, a pending and a rejected applicant get 403 with a clear message; anonymous 401', async () => {
    const buyer = await tokenOf(ctx, nextSitesPhone());
    const pending = (await mediaOwner(ctx, 'pending')).token;
    const rejected = (await mediaOwner(ctx, 'rejected')).token;
    const cases: Array<[string | undefined, number, RegExp | null]> = [
      [undefined, 401, null],
      [buyer, 403, /Apply as a media owner/],
      [pending, 403, /waiting for review/],
      [rejected, 403, /not approved/],
    ];
    for (const [token, status, message] of cases) {
      const list = await call(ctx, 'GET', '/api/partner/sites', token);
      expect(list.statusCode).toBe(status);
      const create = await call(ctx, 'POST', '/api/partner/sites', token, siteFields());
      expect(create.statusCode).toBe(status);
      if (message) expect(create.json().error.message).toMatch(message);
    }
    for (const token of [undefined, buyer, ownerA.token]) {
      const res = await call(ctx, 'GET', '/api/ops/sites?status=pending', token);
      expect(res.statusCode).toBe(token ? 403 : 401);
      const approve = await call(ctx, 'POST', '/api/ops/sites/1/approve', token);
      expect(approve.statusCode).toBe(token ? 403 : 401);
    }
  });
});

describe('statuses and the operator’s review', () => {
  it('draft -> submit -> pending -> approve -> live <-> paused, audited; wrong moves are 409', async () => {
    const id = await siteIn(ctx, ownerA.token, 'draft');
    const move = (action: string) =>
      call(ctx, 'POST', `/api/partner/sites/${id}/status`, ownerA.token, { action });
    expect((await move('pause')).statusCode).toBe(409);
    // A site goes to review with at least one photo (decision 046).
    const noPhoto = await move('submit');
    expect(noPhoto.statusCode).toBe(409);
    expect(noPhoto.json().error.fields).toEqual({ photos: 'At least one photo' });
    await ok(await upload(ctx, ownerA.token, id, await image('jpeg')), 201);
    expect((await ok(await move('submit'))).data).toMatchObject({ status: 'pending', in_review: true });
    // Submitting again (a double click) answers the site as it is.
    expect((await ok(await move('submit'))).data).toMatchObject({ status: 'pending' });
    const op = await operator(ctx);
    const queue = await ok(await call(ctx, 'GET', '/api/ops/sites?status=pending&page_size=100', op));
    const queued = queue.results.find((s: { id: number }) => s.id === id);
    expect(queued).toMatchObject({ status: 'pending', media_owner_name: 'Rao Outdoor Pvt Ltd' });
    const approved = await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op));
    expect(approved.data).toMatchObject({ status: 'live', in_review: false });
    // Approving again answers the live site; rejecting it now is a 409.
    expect((await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op))).data.status).toBe('live');
    const late = await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'site' and ${auditLog.entityId} = ${String(id)}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'site.approve' });
    expect(audit[0].before).toMatchObject({ status: 'pending' });
    expect(audit[0].after).toMatchObject({ status: 'live' });
    expect((await ok(await move('pause'))).data.status).toBe('paused');
    expect((await ok(await move('pause'))).data.status).toBe('paused');
    expect((await ok(await move('resume'))).data.status).toBe('live');
    expect((await move('submit')).statusCode).toBe(409);
    expect((await ok(await call(ctx, 'GET', `/api/ops/sites/${id}`, op))).data.status).toBe('live');
    expect((await call(ctx, 'GET', '/api/ops/sites/999999', op)).statusCode).toBe(404);
  });

  it('the operator lists sites of any owner by status and search, paged', async () => {
    const name = `Ops Search ${Date.now()}`;
    const id = await siteIn(ctx, ownerB.token, 'live', { name });
    const op = await operator(ctx);
    const live = await ok(
      await call(ctx, 'GET', `/api/ops/sites?status=live&search=${encodeURIComponent(name)}`, op),
    );
    expect(live).toMatchObject({ count: 1, page: 1 });
    expect(live.results[0]).toMatchObject({ id, status: 'live', media_owner_id: ownerB.ownerId });
    const drafts = await ok(await call(ctx, 'GET', '/api/ops/sites?status=draft&page_size=100', op));
    expect(drafts.results.every((s: { status: string }) => s.status === 'draft')).toBe(true);
    expect((await call(ctx, 'GET', '/api/ops/sites?page_size=1000', op)).statusCode).toBe(400);
  });

  it('reject keeps the reason (audited); the owner edits and submits again', async () => {
    const id = await siteIn(ctx, ownerA.token, 'pending');
    const op = await operator(ctx);
    expect((await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: ' ' })).statusCode).toBe(
      400,
    );
    const rejected = await ok(
      await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'The address is incomplete' }),
    );
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The address is incomplete',
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'site.reject' and ${auditLog.entityId} = ${String(id)}`);
    expect(entry.after).toMatchObject({ status: 'rejected', rejection_reason: 'The address is incomplete' });
    await ok(
      await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, { address: 'Plot 4, Andheri' }),
    );
    const again = await ok(
      await call(ctx, 'POST', `/api/partner/sites/${id}/status`, ownerA.token, { action: 'submit' }),
    );
    expect(again.data).toMatchObject({
      status: 'pending',
      rejection_reason: null,
      address: 'Plot 4, Andheri',
    });
  });

  it('a live site: name and location wait for review, price applies at once; approval applies them', async () => {
    const id = await siteIn(ctx, ownerA.token, 'live', { name: 'Old Name' });
    const patched = await ok(
      await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, {
        name: 'New Name',
        latitude: 19.2,
        price: 5200,
        description: 'Now with LED lights.',
      }),
    );
    expect(patched.data).toMatchObject({
      status: 'live',
      name: 'Old Name',
      latitude: 19.1136,
      price: 5200,
      description: 'Now with LED lights.',
      pending_changes: { name: 'New Name', latitude: 19.2 },
      in_review: true,
    });
    // Buyers keep the approved values meanwhile, with the new price.
    const product = await ok(await call(ctx, 'GET', `/api/product/${id}`));
    expect(product).toMatchObject({ name: 'Old Name', latitude: 19.1136, price: 5200 });
    // Typing the live value again withdraws that change.
    const withdrawn = await ok(
      await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, { latitude: 19.1136 }),
    );
    expect(withdrawn.data.pending_changes).toEqual({ name: 'New Name' });
    const op = await operator(ctx);
    const queue = await ok(await call(ctx, 'GET', '/api/ops/sites?status=pending&page_size=100', op));
    expect(queue.results.map((s: { id: number }) => s.id)).toContain(id);
    const generation = ctx.app.catalogueCache.generation;
    const approved = await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op));
    expect(approved.data).toMatchObject({ status: 'live', name: 'New Name', pending_changes: null });
    // The product read above is kept until the approval's change notice arrives (on PostgreSQL, just after
    // the commit): a buyer's read a moment later sees the new name.
    await vi.waitFor(() => expect(ctx.app.catalogueCache.generation).not.toBe(generation));
    expect((await ok(await call(ctx, 'GET', `/api/product/${id}`))).name).toBe('New Name');
  });

  it('rejected changes of a live site are dropped with the reason; the site stays live', async () => {
    const id = await siteIn(ctx, ownerA.token, 'paused', { name: 'Keep Me' });
    await ok(await call(ctx, 'PATCH', `/api/partner/sites/${id}`, ownerA.token, { city: 'Thane' }));
    const op = await operator(ctx);
    const res = await ok(
      await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'Wrong city' }),
    );
    expect(res.data).toMatchObject({
      status: 'paused',
      city: 'Mumbai',
      pending_changes: null,
      rejection_reason: 'Wrong city',
      in_review: false,
    });
  });
});
