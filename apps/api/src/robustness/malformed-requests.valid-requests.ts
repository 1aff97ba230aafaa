import { CONSENT_NOTICE_VERSION } from '@ooh/shared';
import { nextPhone, readCode, sendCode } from '../../test/otp-sign-in.ts';
import { signToken } from '../lib/jwt.ts';
import { agencyRequests } from './malformed-requests.agency-requests.ts';
import { breachRequests } from './malformed-requests.breach-requests.ts';
import { creativeRequests } from './malformed-requests.creatives.ts';
import { holdRequests } from './malformed-requests.hold-requests.ts';
import { orderRequests } from './malformed-requests.order-requests.ts';
import { partnerAndOpsRequests } from './malformed-requests.partner-requests.ts';
import { payoutRequests } from './malformed-requests.payout-requests.ts';
import { pricingRequests } from './malformed-requests.pricing-requests.ts';
import { proposalRequests } from './malformed-requests.proposal-requests.ts';
import {
  bearer,
  buyer,
  customizedCampaign,
  type Fixture,
  nextWindow,
  ok,
  paidOrder,
  refundedOrder,
  send,
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

/** Builders by `METHOD route`; each makes the state its request needs. */
/**
 * A valid request per route, or several when two of its parameters exclude each other (the list's
 * `ordering` and `near`): the sweep sends every variant, and together they name every parameter.
 */
export const validRequests: Record<string, (f: Fixture) => Promise<ValidRequest | ValidRequest[]>> = {
  'GET /api/dev/sms-outbox': async ({ ctx }) => ({
    method: 'GET',
    route: '/api/dev/sms-outbox',
    query: { phone_number: '9876543210', key: ctx.config.devKey! },
    loopback: true,
  }),
  'GET /api/dev/mail-outbox': async ({ ctx }) => ({
    method: 'GET',
    route: '/api/dev/mail-outbox',
    query: { to: 'asha@example.com', key: ctx.config.devKey! },
    loopback: true,
  }),
  'POST /api/help': async () => ({ method: 'POST', route: '/api/help', body: help }),
  'POST /api/help/': async () => ({ method: 'POST', route: '/api/help/', body: help }),
  'POST /api/contact': async () => ({ method: 'POST', route: '/api/contact', body: contact }),
  'POST /api/contact/': async () => ({ method: 'POST', route: '/api/contact/', body: contact }),
  'POST /api/auth/otp/send': async () => ({
    method: 'POST',
    route: '/api/auth/otp/send',
    body: {
      phone_number: nextPhone(),
      bot_token: 'eyJub3QiOiJjaGVja2VkIn0=',
      consent_version: CONSENT_NOTICE_VERSION,
    },
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
  'POST /api/me/consents/marketing': async ({ ctx }) => {
    const { token } = await buyer(ctx);
    return {
      method: 'POST',
      route: '/api/me/consents/marketing',
      body: { given: true },
      headers: bearer(token),
    };
  },
  // Erases a fresh buyer of its own (no orders), so no other request's buyer is touched.
  'DELETE /api/me': async ({ ctx }) => {
    const { token } = await buyer(ctx);
    return { method: 'DELETE', route: '/api/me', body: { confirm: true }, headers: bearer(token) };
  },
  // Ends the buyer's session, asked with a token of theirs bound to none (so the caller outlives the call).
  'DELETE /api/auth/sessions/:id': async ({ ctx }) => {
    const { phone, token } = await buyer(ctx);
    const listed = await ok(
      await send(ctx, { method: 'GET', route: '/api/auth/sessions', headers: bearer(token) }),
      'list sessions',
    );
    const caller = await signToken({ phone_number: phone }, ctx.config.jwtSecret, ctx.clock.now());
    return {
      method: 'DELETE',
      route: '/api/auth/sessions/:id',
      params: { id: listed.data[0].id },
      headers: bearer(caller.token),
    };
  },
  ...Object.fromEntries(
    ['/api/product', '/api/product/'].map((route) => [
      `GET ${route}`,
      async ({ siteIds }: Fixture): Promise<ValidRequest[]> => {
        const query = {
          page: '1',
          page_size: '24',
          search: 'Lamp',
          category: 'Lamp Post',
          state: 'Maharashtra',
          district: 'Mumbai',
          lighting: 'Lighting',
          price: '100,5000',
          impression: '0,100000',
          cpm: '0,100',
          ids: siteIds.join(','),
          bbox: '72,18,74,20',
          available_from: '2026-12-10',
          available_to: '2026-12-17',
          flexible: 'true',
        };
        // The nearest sites first, or an order of the buyer's choosing: never both (a 400).
        return [
          { method: 'GET', route, query: { ...query, near: '19,73', radius_km: '150' } },
          { method: 'GET', route, query: { ...query, ordering: 'cpm' } },
        ];
      },
    ]),
  ),
  'GET /api/product/clusters': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/clusters',
    query: {
      search: 'Lamp',
      category: 'Lamp Post',
      state: 'Maharashtra',
      district: 'Mumbai',
      lighting: 'Lighting',
      price: '100,5000',
      impression: '0,100000',
      cpm: '0,100',
      ids: siteIds.join(','),
      bbox: '72,18,74,20',
      near: '19,73',
      radius_km: '150',
      zoom: '9',
      available_from: '2026-12-10',
      available_to: '2026-12-17',
    },
  }),
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
      cpm: '0,100',
      ids: siteIds.join(','),
      bbox: '72,18,74,20',
      near: '19,73',
      radius_km: '150',
      available_from: '2026-12-10',
      available_to: '2026-12-17',
      flexible: 'false',
    },
  }),
  'GET /sitemap.xml': async () => ({ method: 'GET', route: '/sitemap.xml', query: { part: '1' } }),
  // The fixture's sites are lamp posts in Mumbai (test/fixtures.ts).
  'GET /api/outdoor-advertising/:city': async () => ({
    method: 'GET',
    route: '/api/outdoor-advertising/:city',
    params: { city: 'mumbai' },
  }),
  'GET /api/outdoor-advertising/:city/:format': async () => ({
    method: 'GET',
    route: '/api/outdoor-advertising/:city/:format',
    params: { city: 'mumbai', format: 'lamp-posts' },
  }),
  'GET /api/product/:id': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/:id',
    params: { id: String(siteIds[0]) },
  }),
  'GET /api/product/:id/availability': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/:id/availability',
    params: { id: String(siteIds[0]) },
    query: { months: '12' },
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
  'GET /api/campaigns/:id/figures': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/campaigns/:id/figures',
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
  ...orderRequests,
  ...partnerAndOpsRequests,
  ...creativeRequests,
  ...payoutRequests,
  ...holdRequests,
  ...pricingRequests,
  ...breachRequests,
  ...proposalRequests,
  ...agencyRequests,
  'POST /api/orders/:id/cancel': async (f) => {
    const { token, orderId } = await paidOrder(f);
    return {
      method: 'POST',
      route: '/api/orders/:id/cancel',
      params: { id: String(orderId) },
      body: { confirm: false },
      headers: { ...bearer(token), 'idempotency-key': 'sweep-cancel-0001' },
    };
  },
  'GET /api/orders/:id/credit-notes/:file': async (f) => {
    const { token, orderId, refundId } = await refundedOrder(f);
    return {
      method: 'GET',
      route: '/api/orders/:id/credit-notes/:file',
      params: { id: String(orderId), file: `${refundId}.pdf` },
      headers: bearer(token),
    };
  },
  'GET /media/sites/:kind/:city/:file': async () => ({
    method: 'GET',
    route: '/media/sites/:kind/:city/:file',
    params: { kind: 'lamp-post', city: 'mumbai', file: '1.svg' },
  }),
};
