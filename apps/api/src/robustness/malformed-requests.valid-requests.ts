import { createHmac } from 'node:crypto';
import { nextPhone, readCode, sendCode } from '../modules/auth/auth.test-helpers.ts';
import { application } from '../modules/partners/partners.test-helpers.ts';
import { importRow, toCsv } from '../modules/sites/site-import.test-helpers.ts';
import {
  approvedOwnerToken,
  bearer,
  buyer,
  checkedOutOrder,
  customizedCampaign,
  type Fixture,
  nextWindow,
  ok,
  operatorToken,
  ownerSite,
  ownerSiteWithBlock,
  PRICE_RUPEES,
  pendingMediaOwner,
  placedOrder,
  samplePhoto,
  send,
  sweepSite,
  type ValidRequest,
} from './malformed-requests.state.ts';

export { type Fixture, send, type ValidRequest } from './malformed-requests.state.ts';

/**
 * One valid request per route that takes input (not a test itself): the starting point of the hostile-text
 * sweep, which breaks one text field at a time. Each answers 2xx as built, so the sweep reaches the code
 * behind validation - the inserts and lookups - and a field the schemas let through would reach them too.
 * Requests that need state (a signed-in buyer, an order, a code) make it through the API itself.
 */

const profile = (phone: string) => ({
  first_name: 'Asha',
  last_name: 'Rao',
  phone_number: phone,
  email: 'asha@example.com',
  company: 'Rao Media',
  company_type: 'Agency',
  gst: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address_line_1: '12 MG Road',
  address_line_2: 'Fort',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400001',
});

const contact = {
  name: 'Asha Rao',
  company_name: 'Rao Media',
  phone_number: '9876543210',
  email: 'asha@example.com',
  message: 'Please call me about hoardings.\nThanks.',
};
const help = {
  phone_number: '+91 98765 43210',
  email: 'asha@example.com',
  message: 'Help!',
  is_customized: true,
};

const bookingsQuery = (siteId: number, format: 'json' | 'csv') => ({
  site_id: String(siteId),
  from: '2026-12-01',
  to: '2026-12-31',
  status: 'upcoming',
  format,
  page: '1',
  page_size: '10',
});

/** Builders by `METHOD route`; each makes the state its request needs. */
export const validRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/dev/sms-outbox': async () => ({
    method: 'GET',
    route: '/api/dev/sms-outbox',
    query: { phone_number: '9876543210' },
    loopback: true,
  }),
  'POST /api/help': async () => ({ method: 'POST', route: '/api/help', body: help }),
  'POST /api/help/': async () => ({ method: 'POST', route: '/api/help/', body: help }),
  'POST /api/contact': async () => ({ method: 'POST', route: '/api/contact', body: contact }),
  'POST /api/contact/': async () => ({ method: 'POST', route: '/api/contact/', body: contact }),
  'POST /api/auth/otp/send': async () => ({
    method: 'POST',
    route: '/api/auth/otp/send',
    body: { phone_number: nextPhone(), bot_token: 'eyJub3QiOiJjaGVja2VkIn0=' },
  }),
  'POST /api/auth/otp/verify': async ({ ctx }) => {
    const phone = nextPhone();
    const sent = await ok(await sendCode(ctx.app, phone), 'send code');
    return {
      method: 'POST',
      route: '/api/auth/otp/verify',
      body: { verification_id: sent.verification_id, code: await readCode(ctx.app, phone) },
    };
  },
  'POST /api/auth/login_with_phone/': async ({ ctx }) => {
    const { phone, token } = await buyer(ctx);
    return {
      method: 'POST',
      route: '/api/auth/login_with_phone/',
      body: { phone_number: phone },
      headers: bearer(token),
    };
  },
  'PATCH /api/auth/update_user_by_phone/': async ({ ctx }) => {
    const { phone, token } = await buyer(ctx);
    return {
      method: 'PATCH',
      route: '/api/auth/update_user_by_phone/',
      body: profile(phone),
      headers: bearer(token),
    };
  },
  ...Object.fromEntries(
    ['/api/product', '/api/product/'].map((route) => [
      `GET ${route}`,
      async ({ siteIds }: Fixture): Promise<ValidRequest> => ({
        method: 'GET',
        route,
        query: {
          page: '1',
          page_size: '24',
          search: 'Lamp',
          category: 'Lamp Post',
          state: 'Maharashtra',
          district: 'Mumbai',
          lighting: 'Lighting',
          price: '100,5000',
          impression: '0,100000',
          ids: siteIds.join(','),
        },
      }),
    ]),
  ),
  'GET /api/product/ids': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/ids',
    query: {
      search: 'Lamp',
      category: 'Lamp Post',
      state: 'Maharashtra',
      district: 'Mumbai',
      lighting: 'Lighting',
      price: '100,5000',
      impression: '0,100000',
      ids: siteIds.join(','),
    },
  }),
  'GET /api/product/:id': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/:id',
    params: { id: String(siteIds[0]) },
  }),
  ...Object.fromEntries(
    ['/api/campaign', '/api/campaign/'].map((route) => [
      `GET ${route}`,
      async (): Promise<ValidRequest> => ({
        method: 'GET',
        route,
        query: { page: '1', page_size: '24', search: 'Mumbai' },
      }),
    ]),
  ),
  'GET /api/campaign/:id': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/campaign/:id',
    params: { id: String(campaignId) },
  }),
  'GET /api/find_campaign_type': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/find_campaign_type',
    query: { campaign_id: String(campaignId) },
  }),
  'POST /api/create_customized_campaign/': async ({ ctx, siteIds }) => ({
    method: 'POST',
    route: '/api/create_customized_campaign/',
    body: { name: 'Diwali push', products: [{ product_id: siteIds[0], ...nextWindow(ctx) }] },
    headers: bearer((await buyer(ctx)).token),
  }),
  ...Object.fromEntries(
    ['/api/customized_campaign/:id', '/api/customized_campaign/:id/'].map((route) => [
      `GET ${route}`,
      async (f: Fixture): Promise<ValidRequest> => {
        const { id, token } = await customizedCampaign(f);
        return { method: 'GET', route, params: { id: String(id) }, headers: bearer(token) };
      },
    ]),
  ),
  'POST /api/save_campaign/': async (f) => {
    const { id, token } = await customizedCampaign(f);
    return {
      method: 'POST',
      route: '/api/save_campaign/',
      body: {
        campaign_id: id,
        name: 'Diwali push, saved',
        products: [{ product_id: f.siteIds[0], ...nextWindow(f.ctx) }],
      },
      headers: bearer(token),
    };
  },
  ...Object.fromEntries(
    ['/api/booking/booking_availability_check_multiple', '/api/booking/validate'].map((route) => [
      `POST ${route}`,
      async ({ ctx, siteIds }: Fixture): Promise<ValidRequest> => ({
        method: 'POST',
        route,
        body: [{ product_id: siteIds[1], ...nextWindow(ctx), campaign_id: null, customized: false }],
      }),
    ]),
  ),
  'POST /api/booking/book': async ({ ctx, siteIds }) => ({
    method: 'POST',
    route: '/api/booking/book',
    body: {
      amount: PRICE_RUPEES * 7,
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
  'POST /api/partner/apply': async (f) => {
    const { token } = await buyer(f.ctx);
    return { method: 'POST', route: '/api/partner/apply', body: application(), headers: bearer(token) };
  },
  // The ops calls need an operator: the sweep's app is built with OPERATOR_PHONES naming OPERATOR_PHONE.
  'GET /api/ops/media-owners': async (f) => ({
    method: 'GET',
    route: '/api/ops/media-owners',
    query: { status: 'pending', page: '1', page_size: '10' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/approve': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/approve',
    params: { id: String(await pendingMediaOwner(f)) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/reject': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/reject',
    params: { id: String(await pendingMediaOwner(f)) },
    body: { reason: 'The GSTIN belongs to another company' },
    headers: bearer(await operatorToken(f)),
  }),
  // A dry run of a one-row file: the query is what the sweep breaks (the cells are site-import.test.ts's).
  'POST /api/partner/sites/import': async (f) => ({
    method: 'POST',
    route: '/api/partner/sites/import',
    query: { dry_run: 'true', expected_valid_rows: '1' },
    file: { bytes: Buffer.from(toCsv([importRow(1)])), filename: 'sites.csv', contentType: 'text/csv' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/ops/audit': async (f) => ({
    method: 'GET',
    route: '/api/ops/audit',
    query: { page: '1', page_size: '10', action: 'media_owner.approve', entity: 'media_owner', actor: '1' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/orders': async (f) => ({
    method: 'GET',
    route: '/api/ops/orders',
    query: {
      page: '1',
      page_size: '10',
      status: 'paid',
      created_from: '2026-11-01',
      created_to: '2026-11-30',
      media_owner_id: '1',
      buyer_id: '1',
      buyer: 'Asha',
      q: 'LP-0001',
      sort: 'total',
      direction: 'asc',
    },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/orders/:id': async (f) => ({
    method: 'GET',
    route: '/api/ops/orders/:id',
    params: { id: String((await placedOrder(f, 0)).orderId) },
    headers: bearer(await operatorToken(f)),
  }),
  // The owner's blocks, calendar and bookings (site-calendar routes): a fresh approved owner with a site.
  'GET /api/partner/sites/:id/blocks': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/sites/:id/blocks',
      params: { id: String(siteId) },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/blocks': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    const days = nextWindow(f.ctx);
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/blocks',
      params: { id: String(siteId) },
      body: { from_date: days.from_date, to_date: days.from_date, reason: 'Maintenance of the frame' },
      headers: { ...bearer(token), 'idempotency-key': `block-${siteId}-key` },
    };
  },
  'DELETE /api/partner/sites/:id/blocks/:blockId': async (f) => {
    const { token, siteId, blockId } = await ownerSiteWithBlock(f);
    return {
      method: 'DELETE',
      route: '/api/partner/sites/:id/blocks/:blockId',
      params: { id: String(siteId), blockId: String(blockId) },
      headers: bearer(token),
    };
  },
  'GET /api/partner/calendar': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/calendar',
      query: { month: '2026-12', site_id: String(siteId), page: '1', page_size: '10' },
      headers: bearer(token),
    };
  },
  'GET /api/partner/bookings': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/bookings',
      query: bookingsQuery(siteId, 'json'),
      headers: bearer(token),
    };
  },
  'GET /api/partner/bookings.csv': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/bookings.csv',
      query: bookingsQuery(siteId, 'csv'),
      headers: bearer(token),
    };
  },
  'GET /media/sites/:kind/:city/:file': async () => ({
    method: 'GET',
    route: '/media/sites/:kind/:city/:file',
    params: { kind: 'lamp-post', city: 'mumbai', file: '1.svg' },
  }),
  // The media owner's sites (issue 11): an approved owner's own site, made through the API.
  'GET /api/partner/sites': async (f) => ({
    method: 'GET',
    route: '/api/partner/sites',
    query: { page: '1', page_size: '10', status: 'draft', search: 'Andheri' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'POST /api/partner/sites': async (f) => ({
    method: 'POST',
    route: '/api/partner/sites',
    body: sweepSite(),
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/sites/:id': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft');
    return {
      method: 'GET',
      route: '/api/partner/sites/:id',
      params: { id: String(siteId) },
      headers: bearer(token),
    };
  },
  'PATCH /api/partner/sites/:id': async (f) => {
    const { token, siteId } = await ownerSite(f, 'live');
    // A live site: the reviewed fields go to pending_changes, the rest apply at once.
    return {
      method: 'PATCH',
      route: '/api/partner/sites/:id',
      params: { id: String(siteId) },
      body: sweepSite(),
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/status': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft');
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/status',
      params: { id: String(siteId) },
      body: { action: 'submit' },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/photos': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft');
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/photos',
      params: { id: String(siteId) },
      headers: bearer(token),
      file: { bytes: await samplePhoto(), filename: 'site.png', contentType: 'image/png' },
    };
  },
  'DELETE /api/partner/sites/:id/photos/:photoId': async (f) => {
    const { token, siteId, photoId } = await ownerSite(f, 'draft', true);
    return {
      method: 'DELETE',
      route: '/api/partner/sites/:id/photos/:photoId',
      params: { id: String(siteId), photoId: String(photoId) },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/photos/:photoId/cover': async (f) => {
    const { token, siteId, photoId } = await ownerSite(f, 'draft', true);
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/photos/:photoId/cover',
      params: { id: String(siteId), photoId: String(photoId) },
      headers: bearer(token),
    };
  },
  'GET /api/media/site-photos/:siteId/:file': async (f) => {
    const { siteId, photoUrl } = await ownerSite(f, 'draft', true);
    return {
      method: 'GET',
      route: '/api/media/site-photos/:siteId/:file',
      params: { siteId: String(siteId), file: String(photoUrl?.split('/').at(-1)) },
    };
  },
  'GET /api/ops/sites': async (f) => ({
    method: 'GET',
    route: '/api/ops/sites',
    query: { status: 'pending', page: '1', page_size: '10', search: 'Andheri' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/sites/:id': async (f) => ({
    method: 'GET',
    route: '/api/ops/sites/:id',
    params: { id: String(f.siteIds[0]) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/approve': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/approve',
    params: { id: String((await ownerSite(f, 'pending')).siteId) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/reject': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/reject',
    params: { id: String((await ownerSite(f, 'pending')).siteId) },
    body: { reason: 'The photos show another road' },
    headers: bearer(await operatorToken(f)),
  }),
};
