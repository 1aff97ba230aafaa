import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAndPay, line, tokenFor } from '../../../test/api-calls.ts';
import { multipart } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { nextIp } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { notifications, orderItems } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { call, mediaOwner, ok, operator } from '../sites/sites.test-helpers.ts';

/** A one-page PDF of the given page size in points (what a design tool exports, uncompressed). */
export function pdfOfSize(width: number, height: number): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('creatives: upload, file, review (docs/product-rules.md section 9)', () => {
  let ctx: TestContext;
  let buyer: string;
  let stranger: string;
  let owner: { token: string; ownerId: number };
  let rival: { token: string; ownerId: number };
  let orderId: number;
  let lineId: number;
  let strangerOrderId: number;
  const placedAt = new Date('2026-11-22T06:30:00Z');

  beforeAll(async () => {
    ctx = await createTestApp({ now: placedAt, env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    owner = await mediaOwner(ctx);
    rival = await mediaOwner(ctx);
    buyer = await tokenFor(ctx, 61);
    stranger = await tokenFor(ctx, 62);
    const site = await insertProduct(ctx.database.db, {
      name: 'Ring Road Hoarding',
      mediaOwnerId: owner.ownerId,
      widthFt: 30,
      heightFt: 10,
    });
    const paid = await bookAndPay(ctx, buyer, [line(site.id, '2026-12-10', '2026-12-17')], 10_500);
    expect(paid.confirmed?.statusCode).toBe(200);
    orderId = paid.booked.json().order_id;
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    lineId = row.id;
    const other = await bookAndPay(ctx, stranger, [line(site.id, '2027-01-10', '2027-01-17')], 10_500);
    strangerOrderId = other.booked.json().order_id;
  });
  afterAll(() => ctx.close());

  const upload = (
    file: Buffer,
    name: string,
    type: string,
    token = buyer,
    order = orderId,
    item = lineId,
  ) => {
    const body = multipart(file, name, type);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order}/lines/${item}/creative`,
      remoteAddress: nextIp(),
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const getOrder = (token: string | undefined, id = orderId) => call(ctx, 'GET', `/api/orders/${id}`, token);
  const review = (action: 'approve' | 'reject', token: string, payload?: unknown, item = lineId) =>
    call(ctx, 'POST', `/api/partner/lines/${item}/creative/${action}`, token, payload);

  it('GET /api/orders/{id}: the buyer sees the order; another user 404; an operator may read it', async () => {
    const order = await ok(await getOrder(buyer));
    expect(order).toMatchObject({
      order_id: orderId,
      status: 'paid',
      subtotal: 10_500,
      refunds: [],
      lines: [
        {
          id: lineId,
          status: 'scheduled',
          from_date: '2026-12-10',
          creative_due_date: '2026-12-07',
          creative: null,
          proofs: [],
          can_upload_creative: true,
          cancellable: true,
          product: { name: 'Ring Road Hoarding', width_ft: 30, height_ft: 10 },
        },
      ],
    });
    expect(order.total).toBeGreaterThanOrEqual(10_500);
    expect(order.lines[0].timeline.map((e: { status: string }) => e.status)).toEqual(['scheduled']);
    expect((await getOrder(stranger)).statusCode).toBe(404);
    expect((await getOrder(buyer, strangerOrderId)).statusCode).toBe(404);
    expect((await getOrder(buyer, 999_999)).statusCode).toBe(404);
    expect((await getOrder(undefined)).statusCode).toBe(401);
    expect((await getOrder(await operator(ctx))).statusCode).toBe(200);
  });

  it('refuses a file that lies about its type (415), a too big one (413) and strangers (404)', async () => {
    const lie = await upload(Buffer.from('just some text, not a picture at all'), 'art.jpg', 'image/jpeg');
    expect(lie.statusCode).toBe(415);
    expect(lie.json().error.message).toContain('PDF');
    const huge = Buffer.alloc(50 * 1024 * 1024 + 10, 0);
    pdfOfSize(100, 100).copy(huge);
    const big = await upload(huge, 'big.pdf', 'application/pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toContain('50 MB');
    expect((await upload(await jpeg(300, 100), 'a.jpg', 'image/jpeg', stranger)).statusCode).toBe(404);
    expect(
      (await upload(await jpeg(300, 100), 'a.jpg', 'image/jpeg', buyer, strangerOrderId, lineId)).statusCode,
    ).toBe(404);
    const order = await ok(await getOrder(buyer));
    expect(order.lines[0]).toMatchObject({ status: 'scheduled', creative: null });
  });

  it('takes a PDF, measures its first page and warns about the shape; the owner is told', async () => {
    const res = await upload(pdfOfSize(1920, 1080), 'C:\\art\\Diwali sale.pdf', 'application/pdf');
    const { data } = await ok(res, 201);
    expect(data).toMatchObject({
      content_type: 'application/pdf',
      file_name: 'Diwali sale.pdf',
      width: 1920,
      height: 1080,
      status: 'submitted',
      aspect_warning: 'Your artwork is 16:9 (1.78); the site is 3:1 (3.00). It may be cropped or stretched.',
    });
    const order = await ok(await getOrder(buyer));
    expect(order.lines[0].status).toBe('creative_submitted');
    expect(order.lines[0].creative.id).toBe(data.id);
    const queued = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.template, 'creative_submitted'));
    expect(queued).toHaveLength(1);
  });

  it('serves the file to the buyer, the owner and operators only', async () => {
    const order = await ok(await getOrder(buyer));
    const url = order.lines[0].creative.url as string;
    const asBuyer = await call(ctx, 'GET', url, buyer);
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.headers['content-type']).toBe('application/pdf');
    expect(asBuyer.headers['content-disposition']).toContain('attachment; filename="Diwali sale.pdf"');
    expect(asBuyer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(ctx, 'GET', url, owner.token)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', url, await operator(ctx))).statusCode).toBe(200);
    expect((await call(ctx, 'GET', url, rival.token)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', url, stranger)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', url)).statusCode).toBe(401);
  });

  it('replaces a creative waiting for review with a JPEG that fits (no warning)', async () => {
    const { data } = await ok(await upload(await jpeg(600, 200), 'board.jpg', 'image/jpeg'), 201);
    expect(data).toMatchObject({ content_type: 'image/jpeg', width: 600, height: 200, aspect_warning: null });
    const file = await call(ctx, 'GET', data.url, buyer);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('lists waiting creatives to the owner only; another owner cannot review (404)', async () => {
    const mine = await ok(await call(ctx, 'GET', '/api/partner/creatives', owner.token));
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      line_id: lineId,
      order_id: orderId,
      line_status: 'creative_submitted',
    });
    const theirs = await ok(await call(ctx, 'GET', '/api/partner/creatives?status=all', rival.token));
    expect(theirs.data).toEqual([]);
    expect((await review('approve', rival.token)).statusCode).toBe(404);
    expect((await review('reject', rival.token, { reason: 'No' })).statusCode).toBe(404);
    expect((await review('approve', buyer)).statusCode).toBe(403);
  });

  it('reject needs a reason; the buyer sees it, uploads again; approve; the same decision again answers it, another is a 409', async () => {
    expect((await review('reject', owner.token, {})).statusCode).toBe(400);
    expect((await review('reject', owner.token, { reason: '   ' })).statusCode).toBe(400);
    const rejected = await ok(await review('reject', owner.token, { reason: 'Logo is cut off at the top' }));
    expect(rejected.data).toMatchObject({
      line_status: 'creative_rejected',
      creative: { status: 'rejected', rejection_reason: 'Logo is cut off at the top' },
    });
    // Rejecting again (a double click) answers the line as it is, without a second message (issue 22).
    const again = await review('reject', owner.token, { reason: 'Twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.creative.rejection_reason).toBe('Logo is cut off at the top');
    expect((await review('approve', owner.token)).statusCode).toBe(409);
    let order = await ok(await getOrder(buyer));
    expect(order.lines[0]).toMatchObject({
      status: 'creative_rejected',
      can_upload_creative: true,
      creative: { status: 'rejected', rejection_reason: 'Logo is cut off at the top' },
    });
    expect(order.lines[0].timeline.at(-1)).toMatchObject({
      status: 'creative_rejected',
      note: 'Logo is cut off at the top',
    });

    await ok(await upload(await jpeg(900, 300), 'fixed.jpg', 'image/jpeg'), 201);
    const approved = await ok(await review('approve', owner.token));
    expect(approved.data).toMatchObject({
      line_status: 'creative_approved',
      creative: { status: 'approved' },
    });
    const twice = await review('approve', owner.token);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toMatchObject({
      line_status: 'creative_approved',
      creative: { status: 'approved' },
    });
    expect((await review('reject', owner.token, { reason: 'Late' })).json().error.message).toContain(
      'already approved',
    );
    order = await ok(await getOrder(buyer));
    expect(order.lines[0]).toMatchObject({ status: 'creative_approved', can_upload_creative: false });
    expect(order.lines[0].timeline.map((e: { status: string }) => e.status)).toEqual([
      'scheduled',
      'creative_submitted',
      'creative_submitted',
      'creative_rejected',
      'creative_submitted',
      'creative_approved',
    ]);
    // Approved artwork is final.
    expect((await upload(await jpeg(900, 300), 'late.jpg', 'image/jpeg')).statusCode).toBe(409);
    const sms = await ctx.database.db.select().from(notifications);
    const buyerMessages = sms.filter(
      (n) => n.template === 'creative_rejected' || n.template === 'creative_approved',
    );
    expect(buyerMessages.map((n) => [n.template, n.recipient])).toEqual([
      ['creative_rejected', '9800000061'],
      ['creative_approved', '9800000061'],
    ]);
  });

  it('refuses an upload after the due date (3 days before the start, IST)', async () => {
    // The stranger's line starts 2027-01-10: due 2027-01-07 (IST). 2027-01-07T19:00Z is already the 8th in IST.
    const [row] = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, strangerOrderId));
    ctx.clock.set(new Date('2027-01-07T19:00:00Z'));
    try {
      const token = await tokenFor(ctx, 62);
      const late = await upload(await jpeg(300, 100), 'a.jpg', 'image/jpeg', token, strangerOrderId, row.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toContain('2027-01-07');
      const order = await ok(await getOrder(token, strangerOrderId));
      expect(order.lines[0].can_upload_creative).toBe(false);
      ctx.clock.set(new Date('2027-01-07T12:00:00Z'));
      const onTime = await upload(
        await jpeg(300, 100),
        'a.jpg',
        'image/jpeg',
        token,
        strangerOrderId,
        row.id,
      );
      expect(onTime.statusCode).toBe(201);
    } finally {
      ctx.clock.set(placedAt);
    }
  });

  it('two decisions at once: one wins, the other is a 409', async () => {
    const [site] = await ctx.database.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.id, lineId));
    const again = await bookAndPay(ctx, buyer, [line(site.productId, '2026-12-20', '2026-12-27')], 10_500);
    const otherOrder = again.booked.json().order_id as number;
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, otherOrder));
    await ok(await upload(await jpeg(300, 100), 'b.jpg', 'image/jpeg', buyer, otherOrder, row.id), 201);
    const answers = await Promise.all([
      review('approve', owner.token, undefined, row.id),
      review('reject', owner.token, { reason: 'Too dark' }, row.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const order = await ok(await getOrder(buyer, otherOrder));
    expect(order.lines[0].timeline).toHaveLength(3);
  });
});
