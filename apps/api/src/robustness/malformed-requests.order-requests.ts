import { createHmac } from 'node:crypto';
import {
  bearer,
  buyer,
  checkedOutOrder,
  type Fixture,
  nextWindow,
  ok,
  PRICE_RUPEES,
  placedOrder,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** A plan share link of a fresh buyer for the standard campaign: the buyer's token and the link's token. */
async function planShare(f: Fixture): Promise<{ token: string; share: string }> {
  const { token } = await buyer(f.ctx);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/plans/share',
      body: { campaign_id: f.campaignId },
      headers: bearer(token),
    }),
    'share a plan',
  );
  return { token, share: made.token as string };
}

/**
 * The hostile-text sweep's valid requests for placing and paying an order and sharing a plan (the rest:
 * malformed-requests.valid-requests.ts). Each answers 2xx as built.
 */
export const orderRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'POST /api/booking/book': async ({ ctx, siteIds }) => ({
    method: 'POST',
    route: '/api/booking/book',
    body: {
      amount: PRICE_RUPEES * 7,
      po_number: 'PO-2026-001',
      data: [{ product_id: siteIds[1], ...nextWindow(ctx), campaign_id: null, customized: false }],
    },
    headers: bearer((await buyer(ctx)).token),
  }),
  'POST /api/booking/checkout': async (f) => {
    const { token, orderId } = await placedOrder(f, 1);
    return {
      method: 'POST',
      route: '/api/booking/checkout',
      body: { order_id: orderId, payment: 'online' },
      headers: bearer(token),
    };
  },
  'POST /api/booking/confirm': async (f) => {
    const order = await checkedOutOrder(f);
    const pay = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/payments/sandbox/pay',
        body: { razor_pay_order_id: order.providerOrderId, token: order.payToken },
      }),
      'sandbox pay',
    );
    return {
      method: 'POST',
      route: '/api/booking/confirm',
      body: {
        order_id: order.orderId,
        razorpay_order_id: order.providerOrderId,
        payment_id: pay.razorpay_payment_id,
        signature: pay.razorpay_signature,
        amount: order.out.amount,
      },
      headers: bearer(order.token),
    };
  },
  'GET /api/payments/sandbox/checkout': async (f) => {
    const order = await checkedOutOrder(f);
    return {
      method: 'GET',
      route: '/api/payments/sandbox/checkout',
      query: { order_id: order.providerOrderId, token: order.payToken },
    };
  },
  'POST /api/payments/sandbox/pay': async (f) => {
    const order = await checkedOutOrder(f);
    return {
      method: 'POST',
      route: '/api/payments/sandbox/pay',
      body: { razor_pay_order_id: order.providerOrderId, token: order.payToken },
    };
  },
  'POST /api/payments/razorpay/webhook': async (f) => {
    const order = await checkedOutOrder(f);
    const secret = f.ctx.config.payments.sandboxKeySecret;
    return {
      method: 'POST',
      route: '/api/payments/razorpay/webhook',
      body: {
        event: 'payment.failed',
        id: `evt_${order.orderId}`,
        payload: {
          payment: {
            entity: {
              id: `pay_failed_${order.orderId}`,
              order_id: order.providerOrderId,
              amount: order.out.amount,
              currency: 'INR',
            },
          },
        },
      },
      headers: { 'x-razorpay-event-id': `evt_header_${order.orderId}` },
      textHeaders: ['x-razorpay-event-id'],
      sign: (raw) => ({
        'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      }),
    };
  },
  'GET /api/plans/:file': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/plans/:file',
    params: { file: `${campaignId}.xlsx` },
  }),
  'POST /api/plans/share': async ({ ctx, campaignId }) => ({
    method: 'POST',
    route: '/api/plans/share',
    body: { campaign_id: campaignId },
    headers: bearer((await buyer(ctx)).token),
  }),
  'DELETE /api/plans/share/:token': async (f) => {
    const { token, share } = await planShare(f);
    return {
      method: 'DELETE',
      route: '/api/plans/share/:token',
      params: { token: share },
      headers: bearer(token),
    };
  },
  'GET /api/plans/shared/:token': async (f) => ({
    method: 'GET',
    route: '/api/plans/shared/:token',
    params: { token: (await planShare(f)).share },
  }),
};
