import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, bookings, mediaOwners, notifications } from '../../db/schema.ts';
import {
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  operator,
  siteIn,
  tokenOf,
} from '../sites/sites.test-helpers.ts';

/**
 * The operator's trust checks (docs/product-rules.md section 7, decision 046): duplicate ids flagged, owners suspended
 * and reinstated, sites taken down and restored, owners' details corrected, the owner told of each decision.
 */

let ctx: TestContext;
let op: string;
beforeAll(async () => {
  ctx = await createSitesTestApp();
  op = await operator(ctx);
});
afterAll(() => ctx.close());

/** The buyer's catalogue, never from the cache. */
const buyerSees = async (id: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/product/${id}`,
      // Past the catalogue cache (only the dev key may): the database's own answer, at once on PostgreSQL too.
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey },
    })
  ).statusCode === 200;
const auditOf = (action: string, id: number | string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
const messagesTo = async (phone: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.recipient, phone))).map(
    (n) => n.template,
  );

/** The owner's PAN as its admin reads it (its GSTIN is built from it the same way by `application`). */
const panOf = async (token: string): Promise<string> =>
  (await ok(await call(ctx, 'GET', '/api/partner/me', token))).data.pan;

describe('duplicates on applications', () => {
  it('a possible duplicate is approved only with a reason: without one 400 and nothing changed; the reason audited', async () => {
    const first = await mediaOwner(ctx);
    // Another applicant with the first owner's bank account only (PAN and GSTIN its own).
    const phone = nextSitesPhone();
    const token = await tokenOf(ctx, phone);
    const applied = await ok(
      await call(ctx, 'POST', '/api/partner/apply', token, {
        ...application(),
        account_number: (
          await ctx.database.db
            .select({ n: mediaOwners.accountNumber })
            .from(mediaOwners)
            .where(eq(mediaOwners.id, first.ownerId))
        )[0]!.n,
      }),
      201,
    );
    const id = applied.data.id as number;
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const refused = await call(ctx, 'POST', `/api/ops/media-owners/${id}/approve`, op, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('reason');
      expect(refused.json().error.message).toMatch(/Rao Outdoor Pvt Ltd/);
    }
    const pending = await ok(await call(ctx, 'GET', '/api/partner/me', token));
    expect(pending.data.status).toBe('pending');
    expect(await auditOf('media_owner.approve', id)).toHaveLength(0);
    expect(await messagesTo(phone)).not.toContain('media_owner_approved');

    const approved = await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${id}/approve`, op, {
        reason: 'The same family firm; bank account confirmed by phone',
      }),
    );
    expect(approved.data.status).toBe('approved');
    const [entry] = await auditOf('media_owner.approve', id);
    expect(entry!.after).toMatchObject({
      reason: 'The same family firm; bank account confirmed by phone',
      duplicates: [{ field: 'bank_account', media_owner_id: first.ownerId }],
    });
    // An owner that shares nothing is approved with one click, as before.
    const other = await tokenOf(ctx, nextSitesPhone());
    const clean = await ok(await call(ctx, 'POST', '/api/partner/apply', other, application()), 201);
    expect((await call(ctx, 'POST', `/api/ops/media-owners/${clean.data.id}/approve`, op)).statusCode).toBe(
      200,
    );
  });

  it('an applicant with another owner GSTIN and PAN but another bank account is flagged with the match', async () => {
    const first = await mediaOwner(ctx);
    const token = await tokenOf(ctx, nextSitesPhone());
    const applied = await ok(
      await call(ctx, 'POST', '/api/partner/apply', token, {
        ...application(await panOf(first.token)),
        account_number: '999988887777',
      }),
      201,
    );
    const page = await ok(await call(ctx, 'GET', '/api/ops/media-owners?status=pending&page_size=100', op));
    const row = page.results.find((r: { id: number }) => r.id === applied.data.id);
    expect(row.duplicates).toEqual(
      expect.arrayContaining([
        {
          field: 'gstin',
          media_owner_id: first.ownerId,
          company_name: 'Rao Outdoor Pvt Ltd',
          status: 'approved',
        },
        {
          field: 'pan',
          media_owner_id: first.ownerId,
          company_name: 'Rao Outdoor Pvt Ltd',
          status: 'approved',
        },
      ]),
    );
    expect(row.duplicates.some((d: { field: string }) => d.field === 'bank_account')).toBe(false);
    expect(row.bank_account_masked).toBe('•••• 7777');
    expect(JSON.stringify(page)).not.toContain('999988887777');
  });

  it('finds owners by part of the company name, GSTIN or PAN, in any case, % and _ taken literally', async () => {
    const first = await mediaOwner(ctx);
    const pan = await panOf(first.token);
    const byPan = await ok(await call(ctx, 'GET', `/api/ops/media-owners?q=${pan.toLowerCase()}`, op));
    expect(byPan.results.map((r: { id: number }) => r.id)).toContain(first.ownerId);
    expect(
      byPan.results.every((r: { pan: string | undefined; gstin: string }) => r.gstin.includes(pan)),
    ).toBe(true);
    expect(byPan.count).toBe(byPan.results.length);
    const byName = await ok(
      await call(ctx, 'GET', '/api/ops/media-owners?status=approved&q=rao%20OUTDOOR', op),
    );
    expect(byName.results.map((r: { id: number }) => r.id)).toContain(first.ownerId);
    const wild = await ok(await call(ctx, 'GET', '/api/ops/media-owners?q=%25', op));
    expect(wild).toMatchObject({ count: 0, results: [] });
    expect((await call(ctx, 'GET', `/api/ops/media-owners?q=${'x'.repeat(101)}`, op)).statusCode).toBe(400);
  });

  it('the owner is told of the decision on its application by SMS (and email when known); once', async () => {
    const phone = nextSitesPhone();
    const token = await tokenOf(ctx, phone);
    const applied = await ok(await call(ctx, 'POST', '/api/partner/apply', token, application()), 201);
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${applied.data.id}/reject`, op, {
        reason: 'GSTIN belongs to another company',
      }),
    );
    expect(await messagesTo(phone)).toEqual(['media_owner_rejected']);
    // Rejecting again answers the owner; nothing more is sent.
    const again = await call(ctx, 'POST', `/api/ops/media-owners/${applied.data.id}/reject`, op, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('rejected');
    expect(await messagesTo(phone)).toEqual(['media_owner_rejected']);
  });
});

describe('suspending an owner', () => {
  it('its sites leave the catalogue and come back as they were; bookings stay; audited; told', async () => {
    const owner = await mediaOwner(ctx);
    const live = await siteIn(ctx, owner.token, 'live');
    const paused = await siteIn(ctx, owner.token, 'paused');
    await ctx.database.db.insert(bookings).values({
      productId: live,
      period: '[2027-03-01,2027-03-08)',
      status: 'blocked',
      blockReason: 'A sale made offline',
    });
    const booked = await ctx.database.db.select().from(bookings).where(eq(bookings.productId, live));
    expect(await buyerSees(live)).toBe(true);

    const res = await call(ctx, 'POST', `/api/ops/media-owners/${owner.ownerId}/suspend`, op, {
      reason: 'Fake GSTIN',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'suspended', suspension_reason: 'Fake GSTIN' });
    expect(await buyerSees(live)).toBe(false);
    expect(await ctx.database.db.select().from(bookings).where(eq(bookings.productId, live))).toEqual(booked);
    const site = await ok(await call(ctx, 'GET', `/api/ops/sites/${live}`, op));
    expect(site.data).toMatchObject({ status: 'suspended', hold_reason: 'Fake GSTIN' });
    // The owner's members are refused with words they can act on; suspending again answers the owner.
    const refused = await call(ctx, 'POST', '/api/partner/sites', owner.token, { name: 'New site' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/suspended/);
    expect(
      (await call(ctx, 'POST', `/api/ops/media-owners/${owner.ownerId}/suspend`, op, { reason: 'x' }))
        .statusCode,
    ).toBe(200);
    expect(await auditOf('media_owner.suspend', owner.ownerId)).toHaveLength(1);

    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${owner.ownerId}/reinstate`, op, {
        reason: 'GSTIN verified',
      }),
    );
    expect(await buyerSees(live)).toBe(true);
    expect((await ok(await call(ctx, 'GET', `/api/ops/sites/${paused}`, op))).data.status).toBe('paused');
    expect(await auditOf('media_owner.reinstate', owner.ownerId)).toHaveLength(1);
  });

  it('only an approved owner is suspended (409 for a pending one), unknown 404, a reason is required', async () => {
    const pending = await mediaOwner(ctx, 'pending');
    expect(
      (await call(ctx, 'POST', `/api/ops/media-owners/${pending.ownerId}/suspend`, op, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(ctx, 'POST', '/api/ops/media-owners/999999/suspend', op, { reason: 'x' })).statusCode,
    ).toBe(404);
    const bad = await call(ctx, 'POST', `/api/ops/media-owners/${pending.ownerId}/suspend`, op, {
      reason: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('reason');
  });
});

describe('taking a site down', () => {
  it('a live site leaves the catalogue with a reason and is restored; audited; the owner is told', async () => {
    const owner = await mediaOwner(ctx);
    const id = await siteIn(ctx, owner.token, 'live');
    const down = await ok(
      await call(ctx, 'POST', `/api/ops/sites/${id}/take-down`, op, { reason: 'Structure unsafe' }),
    );
    expect(down.data).toMatchObject({ status: 'taken_down', hold_reason: 'Structure unsafe' });
    expect(await buyerSees(id)).toBe(false);
    // Again answers it; the owner cannot resume it.
    expect((await call(ctx, 'POST', `/api/ops/sites/${id}/take-down`, op, { reason: 'x' })).statusCode).toBe(
      200,
    );
    expect(
      (await call(ctx, 'POST', `/api/partner/sites/${id}/status`, owner.token, { action: 'resume' }))
        .statusCode,
    ).toBe(409);
    const restored = await ok(
      await call(ctx, 'POST', `/api/ops/sites/${id}/restore`, op, { reason: 'Repaired' }),
    );
    expect(restored.data).toMatchObject({ status: 'live', hold_reason: null });
    expect(await buyerSees(id)).toBe(true);
    expect(await auditOf('site.take_down', id)).toHaveLength(1);
    expect(await auditOf('site.restore', id)).toHaveLength(1);
    const templates = (
      await ctx.database.db
        .select({ t: notifications.template })
        .from(notifications)
        .where(sql`${notifications.payload}->>'site_code' = ${down.data.product_id}`)
    ).map((r) => r.t);
    expect(templates).toEqual(expect.arrayContaining(['site_approved', 'site_taken_down', 'site_restored']));
  });

  it('a draft cannot be taken down (409)', async () => {
    const owner = await mediaOwner(ctx);
    const id = await siteIn(ctx, owner.token, 'draft');
    expect((await call(ctx, 'POST', `/api/ops/sites/${id}/take-down`, op, { reason: 'x' })).statusCode).toBe(
      409,
    );
  });
});

describe("correcting an owner's details", () => {
  it('changes the named fields, audited with before and after; nothing to change is a 400', async () => {
    const owner = await mediaOwner(ctx);
    const res = await ok(
      await call(ctx, 'PATCH', `/api/ops/media-owners/${owner.ownerId}`, op, {
        company_name: 'Rao Outdoor LLP',
        city: 'Nashik',
      }),
    );
    expect(res.data).toMatchObject({
      company_name: 'Rao Outdoor LLP',
      city: 'Nashik',
      gstin: expect.stringMatching(new RegExp(`^27${await panOf(owner.token)}1Z.$`)),
    });
    const [entry] = await auditOf('media_owner.edit', owner.ownerId);
    expect(entry.before).toMatchObject({ company_name: 'Rao Outdoor Pvt Ltd', city: 'Pune' });
    expect(entry.after).toMatchObject({ company_name: 'Rao Outdoor LLP', city: 'Nashik' });
    expect((await call(ctx, 'PATCH', `/api/ops/media-owners/${owner.ownerId}`, op, {})).statusCode).toBe(400);
    expect((await call(ctx, 'PATCH', '/api/ops/media-owners/999999', op, { city: 'Pune' })).statusCode).toBe(
      404,
    );
  });
});
