import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bookAndPay, line, phoneOf, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderItems } from '../../db/schema.ts';
import { proofPhoto } from '../proofs/proof-photos.test-helpers.ts';
import { multipartFile } from '../sites/site-import.test-helpers.ts';

/**
 * DESIGN 7: a suspended owner still signs in, sees the reason, reads its bookings, downloads artwork and job
 * sheets, and posts proofs for paid bookings (their payouts held until reinstatement); it cannot add or edit
 * sites or take new bookings. Today is 2026-11-22 in IST; the booking runs 29 Nov to 6 Dec.
 */
const OPERATOR = 7301;
let ctx: TestContext;
let make: Factory;
let owner: OwnerRow;
let siteId: number;
let lineId: number;
const andheri = { latitude: 19.1197, longitude: 72.8464 };

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(owner.admin.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: phoneOf(OPERATOR) } });
  make = factory(ctx);
  const db = ctx.database.db;
  owner = await make.ownerRow();
  siteId = (await make.siteRow(owner, { name: 'Andheri Gantry', ...andheri })).id;
  const buyer = await tokenFor(ctx, 7321);
  const paid = await bookAndPay(ctx, buyer, [line(siteId, '2026-11-29', '2026-12-06')], 10_500);
  expect(paid.confirmed?.statusCode).toBe(200);
  [{ id: lineId }] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, paid.booked.json().order_id));
  // The buyer's artwork was approved before the suspension (the review is the creatives module's).
  await db.update(orderItems).set({ status: 'creative_approved' }).where(eq(orderItems.id, lineId));
  const operator = await tokenFor(ctx, OPERATOR);
  const suspended = await ctx.app.inject({
    method: 'POST',
    url: `/api/ops/media-owners/${owner.id}/suspend`,
    headers: bearer(operator),
    payload: { reason: 'The GSTIN belongs to another company' },
  });
  expect(suspended.statusCode, suspended.body).toBe(200);
});
afterAll(() => ctx.close());

describe('a suspended owner', () => {
  it('sees its suspension and the real reason', async () => {
    const me = await send('GET', '/api/partner/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      status: 'suspended',
      suspension_reason: 'The GSTIN belongs to another company',
      rejection_reason: null,
    });
  });

  it('reads its bookings, calendar, sites, artwork, job sheets, statements and payouts', async () => {
    for (const url of [
      '/api/partner/bookings',
      '/api/partner/bookings.csv',
      '/api/partner/calendar?month=2026-11',
      '/api/partner/sites',
      `/api/partner/sites/${siteId}`,
      `/api/partner/sites/${siteId}/blocks`,
      '/api/partner/creatives?status=all',
      `/api/partner/lines/${lineId}/job-sheet.pdf`,
      '/api/partner/proofs',
      '/api/partner/statements?month=2026-11',
      '/api/partner/statements.csv?month=2026-11',
      '/api/partner/payouts',
    ]) {
      const res = await send('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const bookings = (await send('GET', '/api/partner/bookings')).json();
    expect(JSON.stringify(bookings)).toContain('Andheri Gantry');
  });

  it('posts a proof for the paid booking that goes on', async () => {
    ctx.clock.set(new Date('2026-11-30T06:30:00Z'));
    await make.refresh(owner.admin);
    const photo = await proofPhoto(11, { ...andheri, takenAt: '2026:11:30 10:15:00' });
    const body = multipartFile(photo, { filename: 'proof.jpg', contentType: 'image/jpeg' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/lines/${lineId}/proofs`,
      headers: { ...bearer(owner.admin.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    // No money moves to a suspended owner: no transfer is made while it is suspended.
    const payouts = (await send('GET', '/api/partner/payouts')).json();
    expect(payouts.payouts).toHaveLength(1);
    expect(payouts.payouts[0]).toMatchObject({ line_id: lineId, transfer_id: null, utr: null });
  });

  it('cannot add or edit sites, block dates, import, or manage its team', async () => {
    const refused: Array<[string, Awaited<ReturnType<typeof send>>]> = [
      ['add a site', await send('POST', '/api/partner/sites', { name: 'New' })],
      ['edit a site', await send('PATCH', `/api/partner/sites/${siteId}`, { price: 2000 })],
      ['resume a site', await send('POST', `/api/partner/sites/${siteId}/status`, { action: 'resume' })],
      [
        'block dates',
        await send('POST', `/api/partner/sites/${siteId}/blocks`, {
          from_date: '2027-01-01',
          to_date: '2027-01-08',
          reason: 'Offline sale',
        }),
      ],
      ['bulk change', await send('POST', '/api/partner/sites/bulk', { ids: [siteId], action: 'pause' })],
      [
        'invite a member',
        await send('POST', '/api/partner/members', { phone_number: '9876543210', role: 'field' }),
      ],
    ];
    for (const [what, res] of refused) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().error.message, what).toMatch(/suspended/);
    }
  });
});
