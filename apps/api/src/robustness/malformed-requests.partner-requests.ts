import { expect } from 'vitest';
import { application } from '../../test/factory.ts';
import { importRow, toCsv } from '../modules/sites/site-import.test-helpers.ts';
import {
  approvedOwnerId,
  approvedOwnerToken,
  ownerSite,
  pendingMediaOwner,
} from './malformed-requests.owner-state.ts';
import { siteRequests } from './malformed-requests.site-requests.ts';
import {
  bearer,
  buyer,
  cashOrder,
  type Fixture,
  failedRefund,
  nextWindow,
  ok,
  operatorToken,
  paidOrder,
  paidOrderLine,
  placedOrder,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** Numbers invited to a team, one per request. */
let invited = 0;

/** The sweep's valid requests of the media owners' and operators' routes (issue 11); the sites' own in the next file, in the same order. */
export const partnerAndOpsRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'POST /api/partner/apply': async (f) => {
    const { token } = await buyer(f.ctx);
    return { method: 'POST', route: '/api/partner/apply', body: application(), headers: bearer(token) };
  },
  // The ops calls need an operator: the sweep's app is built with OPERATOR_PHONES naming OPERATOR_PHONE.
  'GET /api/ops/media-owners': async (f) => ({
    method: 'GET',
    route: '/api/ops/media-owners',
    query: { status: 'pending', page: '1', page_size: '10', q: 'Outdoor' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/approve': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/approve',
    params: { id: String(await pendingMediaOwner(f)) },
    // The reason an operator gives for approving a possible duplicate (decision 066).
    body: { reason: 'Checked: a sister company with its own bank account' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/reject': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/reject',
    params: { id: String(await pendingMediaOwner(f)) },
    body: { reason: 'The GSTIN belongs to another company' },
    headers: bearer(await operatorToken(f)),
  }),
  // The owner's team and the operator's trust actions (decision 046).
  'POST /api/partner/members': async (f) => ({
    method: 'POST',
    route: '/api/partner/members',
    body: { phone_number: `96${String(++invited).padStart(8, '0')}`, role: 'field' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'DELETE /api/partner/members/invitations/:invitationId': async (f) => {
    const admin = await approvedOwnerToken(f);
    const invitation = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/partner/members',
        body: { phone_number: `96${String(++invited).padStart(8, '0')}`, role: 'field' },
        headers: bearer(admin),
      }),
      'invite',
    );
    return {
      method: 'DELETE',
      route: '/api/partner/members/invitations/:invitationId',
      params: { invitationId: String(invitation.data.invitation_id) },
      headers: bearer(admin),
    };
  },
  'DELETE /api/partner/members/:userId': async (f) => {
    const admin = await approvedOwnerToken(f);
    const invitee = await buyer(f.ctx);
    await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/partner/members',
        body: { phone_number: invitee.phone, role: 'field' },
        headers: bearer(admin),
      }),
      'invite',
    );
    const roles = await ok(
      await send(f.ctx, { method: 'GET', route: '/api/me/roles', headers: bearer(invitee.token) }),
      'roles',
    );
    const user = await ok(
      await send(f.ctx, { method: 'GET', route: '/api/auth/user/', headers: bearer(invitee.token) }),
      'user',
    );
    expect(roles.data.media_owner.role).toBe('field');
    return {
      method: 'DELETE',
      route: '/api/partner/members/:userId',
      params: { userId: String(user.data[0].id) },
      headers: bearer(admin),
    };
  },
  'POST /api/ops/media-owners/:id/suspend': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/suspend',
    params: { id: String(await approvedOwnerId(f)) },
    body: { reason: 'The GSTIN belongs to another company' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/reinstate': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/reinstate',
    params: { id: String(await approvedOwnerId(f)) },
    body: { reason: 'Documents verified' },
    headers: bearer(await operatorToken(f)),
  }),
  'PATCH /api/ops/media-owners/:id': async (f) => ({
    method: 'PATCH',
    route: '/api/ops/media-owners/:id',
    params: { id: String(await pendingMediaOwner(f)) },
    body: {
      company_name: 'Rao Outdoor LLP',
      address_line_1: '14 MG Road',
      address_line_2: 'Camp',
      city: 'Pune',
      state: 'Maharashtra',
      contact_name: 'Asha Rao',
      contact_email: 'asha@example.com',
      contact_phone: '9876500001',
      ifsc: 'ICIC0000001',
      account_number: '123456789012',
    },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/take-down': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/take-down',
    params: { id: String((await ownerSite(f, 'live')).siteId) },
    body: { reason: 'The structure is unsafe' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/restore': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/restore',
    params: { id: String((await ownerSite(f, 'live')).siteId) },
    body: { reason: 'Repaired' },
    headers: bearer(await operatorToken(f)),
  }),
  // A dry run of a one-row file: the query is what the sweep breaks (the cells are site-import.test.ts's).
  'POST /api/partner/sites/import': async (f) => ({
    method: 'POST',
    route: '/api/partner/sites/import',
    query: { dry_run: 'true', expected_valid_rows: '1', format: 'json' },
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
  'DELETE /api/ops/users/:id/sessions': async (f) => {
    const { token } = await buyer(f.ctx);
    const me = await ok(
      await send(f.ctx, { method: 'GET', route: '/api/auth/user/', headers: bearer(token) }),
      'the buyer',
    );
    return {
      method: 'DELETE',
      route: '/api/ops/users/:id/sessions',
      params: { id: String(me.data[0].id) },
      headers: bearer(await operatorToken(f)),
    };
  },
  'POST /api/ops/orders/:id/refunds': async (f) => ({
    method: 'POST',
    route: '/api/ops/orders/:id/refunds',
    params: { id: String((await paidOrder(f)).orderId) },
    body: { amount: 1, reason: 'Goodwill for a late posting' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/orders/:id/lines/:lineId/cancel': async (f) => {
    const { orderId, lineId } = await paidOrderLine(f);
    return {
      method: 'POST',
      route: '/api/ops/orders/:id/lines/:lineId/cancel',
      params: { id: String(orderId), lineId: String(lineId) },
      body: { reason: 'The wall was repainted', refund: 1 },
      headers: bearer(await operatorToken(f)),
    };
  },
  'GET /api/ops/refunds': async (f) => ({
    method: 'GET',
    route: '/api/ops/refunds',
    query: { status: 'failed' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/refunds/:id/abandon': async (f) => ({
    method: 'POST',
    route: '/api/ops/refunds/:id/abandon',
    params: { id: String(await failedRefund(f)) },
    body: { reason: 'Paid back by bank transfer' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/refunds/:id/retry': async (f) => ({
    method: 'POST',
    route: '/api/ops/refunds/:id/retry',
    params: { id: String(await failedRefund(f)) },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/partner/sites/export.csv': async (f) => ({
    method: 'GET',
    route: '/api/partner/sites/export.csv',
    query: { status: 'live', search: 'Andheri', ids: '1,2,3' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/sites/export.xlsx': async (f) => ({
    method: 'GET',
    route: '/api/partner/sites/export.xlsx',
    query: { status: 'live', search: 'Andheri', ids: '1,2,3' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'POST /api/partner/sites/photo-match': async (f) => ({
    method: 'POST',
    route: '/api/partner/sites/photo-match',
    body: { file_names: ['MUM-0042.jpg', 'MUM-0042-2.jpg'] },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/statements': async (f) => ({
    method: 'GET',
    route: '/api/partner/statements',
    query: { month: '2026-11' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/statements.csv': async (f) => ({
    method: 'GET',
    route: '/api/partner/statements.csv',
    query: { month: '2026-11' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/statements.pdf': async (f) => ({
    method: 'GET',
    route: '/api/partner/statements.pdf',
    query: { month: '2026-11' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  // A cash order's payment as the back office records it; the sweep's variants meet a paid order (409).
  'POST /api/ops/orders/:id/mark-paid': async (f) => {
    const { orderId, amount } = await cashOrder(f);
    return {
      method: 'POST',
      route: '/api/ops/orders/:id/mark-paid',
      params: { id: String(orderId) },
      body: { amount, reference: 'Receipt 0042 / UTR HDFC000123' },
      headers: bearer(await operatorToken(f)),
    };
  },
  // A cash order marked paid by the operator has its tax invoice.
  'GET /api/orders/:id/invoice.pdf': async (f) => {
    const { token, orderId, amount } = await cashOrder(f);
    const paid = await f.ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${orderId}/mark-paid`,
      headers: bearer(await operatorToken(f)),
      payload: { amount, reference: 'Sweep receipt' },
    });
    if (paid.statusCode !== 200) throw new Error(`mark-paid answered ${paid.statusCode}: ${paid.body}`);
    return {
      method: 'GET',
      route: '/api/orders/:id/invoice.pdf',
      params: { id: String(orderId) },
      headers: bearer(token),
    };
  },
  'POST /api/quotes/proforma.pdf': async (f) => ({
    method: 'POST',
    route: '/api/quotes/proforma.pdf',
    body: {
      data: [{ product_id: f.siteIds[0], ...nextWindow(f.ctx), campaign_id: null, customized: false }],
      billing_state: 'Maharashtra',
      buyer_name: 'Acme Outdoor Pvt Ltd',
    },
  }),
  // The owner's blocks, calendar and bookings (site-calendar routes): a fresh approved owner with a site.
  ...siteRequests,
};
