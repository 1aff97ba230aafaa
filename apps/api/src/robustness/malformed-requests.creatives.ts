import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { insertProduct } from '../../test/fixtures.ts';
import { orderItems } from '../db/schema.ts';
import { approvedOwner } from './malformed-requests.owner-state.ts';
import {
  bearer,
  buyer,
  type Fixture,
  nextWindow,
  ok,
  PRICE_RUPEES,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** A small real JPEG (a creative). */
const artwork = () =>
  sharp({ create: { width: 60, height: 20, channels: 3, background: { r: 240, g: 120, b: 0 } } })
    .jpeg()
    .toBuffer();

/** A fresh buyer's paid order of one week on `siteId`, through book, checkout, sandbox pay and confirm. */
export async function paidOrderLine(
  f: Fixture,
  siteId = f.siteIds[0],
): Promise<{ token: string; orderId: number; lineId: number }> {
  const { token } = await buyer(f.ctx);
  const line = { product_id: siteId, ...nextWindow(f.ctx), campaign_id: null, customized: false };
  const headers = bearer(token);
  const booked = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/book',
      body: { amount: PRICE_RUPEES * 7, data: [line] },
      headers,
    }),
    'book',
  );
  const orderId = booked.order_id as number;
  const out = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/checkout',
      body: { order_id: orderId, payment: 'online' },
      headers,
    }),
    'checkout',
  );
  const payToken = new URL(out.checkout_url as string, 'http://localhost').searchParams.get('token') ?? '';
  const pay = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/payments/sandbox/pay',
      body: { razor_pay_order_id: out.razor_pay_order_id, token: payToken },
    }),
    'sandbox pay',
  );
  await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/confirm',
      body: {
        order_id: orderId,
        razorpay_order_id: out.razor_pay_order_id,
        payment_id: pay.razorpay_payment_id,
        signature: pay.razorpay_signature,
        amount: out.amount,
      },
      headers,
    }),
    'confirm',
  );
  const [row] = await f.ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { token, orderId, lineId: row.id };
}

const uploadRequest = async (token: string, orderId: number, lineId: number): Promise<ValidRequest> => ({
  method: 'POST',
  route: '/api/orders/:id/lines/:lineId/creative',
  params: { id: String(orderId), lineId: String(lineId) },
  headers: bearer(token),
  file: { bytes: await artwork(), filename: 'artwork.jpg', contentType: 'image/jpeg' },
});

/** A paid line on the approved owner's own site with a creative waiting for review. */
async function lineAwaitingReview(f: Fixture) {
  const owner = await approvedOwner(f);
  const site = await insertProduct(f.ctx.database.db, { mediaOwnerId: owner.ownerId });
  const paid = await paidOrderLine(f, site.id);
  const uploaded = await ok(
    await send(f.ctx, await uploadRequest(paid.token, paid.orderId, paid.lineId)),
    'upload creative',
  );
  return { ownerToken: owner.token, ...paid, creativeId: uploaded.data.id as number };
}

/** The sweep's valid requests of the order page and creatives routes (issue 12). */
export const creativeRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/orders/:id': async (f) => {
    const { token, orderId } = await paidOrderLine(f);
    return {
      method: 'GET',
      route: '/api/orders/:id',
      params: { id: String(orderId) },
      headers: bearer(token),
    };
  },
  'GET /api/orders/:id/report.pdf': async (f) => {
    const { token, orderId, lineId } = await paidOrderLine(f);
    // The report needs a completed line; living to the end of the line is the report's own test (decision 091).
    await f.ctx.database.db.update(orderItems).set({ status: 'completed' }).where(eq(orderItems.id, lineId));
    return {
      method: 'GET',
      route: '/api/orders/:id/report.pdf',
      params: { id: String(orderId) },
      headers: bearer(token),
    };
  },
  'POST /api/orders/:id/lines/:lineId/creative': async (f) => {
    const { token, orderId, lineId } = await paidOrderLine(f);
    return uploadRequest(token, orderId, lineId);
  },
  'GET /api/creatives/:id/file': async (f) => {
    const { token, creativeId } = await lineAwaitingReview(f);
    return {
      method: 'GET',
      route: '/api/creatives/:id/file',
      params: { id: String(creativeId) },
      query: { download: '1' },
      headers: bearer(token),
    };
  },
  'GET /api/partner/lines/:lineId/job-sheet.pdf': async (f) => {
    const { ownerToken, lineId } = await lineAwaitingReview(f);
    return {
      method: 'GET',
      route: '/api/partner/lines/:lineId/job-sheet.pdf',
      params: { lineId: String(lineId) },
      headers: bearer(ownerToken),
    };
  },
  'GET /api/partner/creatives': async (f) => ({
    method: 'GET',
    route: '/api/partner/creatives',
    query: { status: 'all' },
    headers: bearer((await approvedOwner(f)).token),
  }),
  'POST /api/partner/lines/:lineId/creative/approve': async (f) => {
    const { ownerToken, lineId } = await lineAwaitingReview(f);
    return {
      method: 'POST',
      route: '/api/partner/lines/:lineId/creative/approve',
      params: { lineId: String(lineId) },
      headers: bearer(ownerToken),
    };
  },
  'POST /api/partner/lines/:lineId/creative/reject': async (f) => {
    const { ownerToken, lineId } = await lineAwaitingReview(f);
    return {
      method: 'POST',
      route: '/api/partner/lines/:lineId/creative/reject',
      params: { lineId: String(lineId) },
      body: { reason: 'The logo is cut off' },
      headers: bearer(ownerToken),
    };
  },
};
