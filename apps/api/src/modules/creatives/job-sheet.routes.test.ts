import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAndPay, line, tokenFor } from '../../../test/api-calls.ts';
import { multipart } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { nextIp } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderItems } from '../../db/schema.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { call, mediaOwner, nextSitesPhone, ok, tokenOf } from '../sites/sites.test-helpers.ts';

/**
 * The print file and the job sheet (docs/product-rules.md sections 7 and 17, decision 046): the owner's console links
 * the creative as uploaded (download=1: an attachment under its name) and a PDF per line for the crew.
 */
describe('GET /api/creatives/{id}/file?download=1 and GET /api/partner/lines/{lineId}/job-sheet.pdf', () => {
  let ctx: TestContext;
  let owner: { token: string; ownerId: number };
  let rival: { token: string; ownerId: number };
  let field: string;
  let lineId: number;
  let creativeId: number;
  let beforeApproval: Record<'owner' | 'field' | 'rival', Awaited<ReturnType<typeof call>>>;

  beforeAll(async () => {
    ctx = await createTestApp({
      now: new Date('2026-11-22T06:30:00Z'),
      env: { OPERATOR_PHONES: OPERATOR_PHONE },
    });
    owner = await mediaOwner(ctx);
    rival = await mediaOwner(ctx);
    const phone = nextSitesPhone();
    await ok(
      await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role: 'field' }),
      201,
    );
    field = await tokenOf(ctx, phone);
    // The invitee signs in and opens the console: a member from then on.
    await ok(await call(ctx, 'GET', '/api/me/roles', field));
    const buyer = await tokenFor(ctx, 81);
    const site = await insertProduct(ctx.database.db, {
      name: 'Ring Road Hoarding',
      productCode: 'RR-HO-00042',
      address: 'Ring Road, near the flyover',
      mediaOwnerId: owner.ownerId,
      latitude: 21.1458,
      longitude: 79.0882,
    });
    const paid = await bookAndPay(ctx, buyer, [line(site.id, '2026-12-10', '2026-12-17')], 10_500);
    const orderId = paid.booked.json().order_id;
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    lineId = row.id;
    const art = await sharp({
      create: { width: 900, height: 300, channels: 3, background: { r: 200, g: 20, b: 20 } },
    })
      .jpeg()
      .toBuffer();
    const body = multipart(art, 'Diwali sale – final.jpg', 'image/jpeg');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/lines/${lineId}/creative`,
      remoteAddress: nextIp(),
      headers: { ...body.headers, authorization: `Bearer ${buyer}` },
      payload: body.payload,
    });
    creativeId = (await ok(uploaded, 201)).data.id;
    // Before approving, the owner opens the artwork at full size (read in the first test).
    beforeApproval = {
      owner: await call(ctx, 'GET', `/api/creatives/${creativeId}/file`, owner.token),
      field: await call(ctx, 'GET', `/api/creatives/${creativeId}/file`, field),
      rival: await call(ctx, 'GET', `/api/creatives/${creativeId}/file`, rival.token),
    };
    await ok(await call(ctx, 'POST', `/api/partner/lines/${lineId}/creative/approve`, owner.token));
  });
  afterAll(() => ctx.close());

  it('before approval the owner (and its field member) opens the artwork at full size; another owner 404', async () => {
    for (const who of ['owner', 'field'] as const) {
      const res = beforeApproval[who];
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^inline/);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(900);
    }
    expect(beforeApproval.rival.statusCode).toBe(404);
  });

  it('the print file downloads as uploaded, as an attachment under its original name, for a field member too', async () => {
    const res = await call(ctx, 'GET', `/api/creatives/${creativeId}/file?download=1`, field);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Diwali sale _ final.jpg"/);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Diwali%20sale%20%E2%80%93%20final.jpg",
    );
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(900);
    const inline = await call(ctx, 'GET', `/api/creatives/${creativeId}/file`, owner.token);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    expect(
      (await call(ctx, 'GET', `/api/creatives/${creativeId}/file?download=yes`, owner.token)).statusCode,
    ).toBe(400);
    expect(
      (await call(ctx, 'GET', `/api/creatives/${creativeId}/file?download=1`, rival.token)).statusCode,
    ).toBe(404);
  });

  it('the job sheet names the site, code, address, position, first and last day and the artwork', async () => {
    const res = await call(ctx, 'GET', `/api/partner/lines/${lineId}/job-sheet.pdf`, field);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="job-sheet-RR-HO-00042-line-${lineId}.pdf"`,
    );
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    for (const words of [
      'Ring Road Hoarding',
      'RR-HO-00042',
      'Ring Road, near the flyover',
      '21.145800, 79.088200',
      '10 Dec 2026 - 16 Dec 2026 (7 days)',
      'Diwali sale – final.jpg (900 x 300 px)',
    ]) {
      expect(text).toContain(words);
    }
  });

  it("another owner's line is 404; anonymous 401", async () => {
    expect(
      (await call(ctx, 'GET', `/api/partner/lines/${lineId}/job-sheet.pdf`, rival.token)).statusCode,
    ).toBe(404);
    expect((await call(ctx, 'GET', `/api/partner/lines/${lineId}/job-sheet.pdf`)).statusCode).toBe(401);
  });
});
