import { eq } from 'drizzle-orm';
import { orderItems, users } from '../db/schema.ts';
import { application } from '../modules/partners/partners.test-helpers.ts';
import type { Call, Caller, MatrixState } from './permission-matrix.state.ts';

/**
 * One entry per /api/partner and /api/ops route (not a test itself; permission-matrix.test.ts fails for a
 * served route without one). `access` is who the route is for:
 * - signed-in: any signed-in user (apply);
 * - member-any: a member of an owner of any status; no owner answers 404 (GET /partner/me);
 * - member: a member of a pending or approved owner; anyone else 403 (the import template);
 * - approved: a member of an approved owner; anyone else 403;
 * - operator: OPERATOR_PHONES.
 * `roles`: which of a team's roles may call it (admin and manager when absent; GET /partner/me: all).
 * `ownedByA`: the call names one of owner A's records, so owner B must get 404 and change nothing.
 * `request` builds a valid call (so only the permission rule can refuse it); calls that change or remove
 * a record make a fresh one each time.
 */
export interface MatrixEntry {
  access: 'signed-in' | 'member-any' | 'member' | 'approved' | 'operator';
  ownedByA?: boolean;
  /**
   * For member calls, the team roles allowed (decision 046); admins and managers when absent. Owner A's
   * manager and field member get 403 on the others.
   */
  roles?: ReadonlyArray<'admin' | 'manager' | 'field'>;
  request(s: MatrixState, caller: Caller): Call | Promise<Call>;
}

const get = (url: string): Call => ({ method: 'GET', url });
const ALL = ['admin', 'manager', 'field'] as const;
const ADMIN = ['admin'] as const;

/** A valid new site (no site code: the server assigns one, so repeats never collide). */
const SITE_BODY = {
  name: 'Matrix Hoarding',
  description: 'A lit hoarding at the junction.',
  category: 'hoarding',
  price: 1500,
  booking_duration: 7,
  address: 'FC Road, near the college gate',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  pin_code: '411004',
  latitude: 18.52,
  longitude: 73.85,
  width_ft: 40,
  height_ft: 20,
  lighting: 'Front Lit',
};

export const MATRIX: Record<string, MatrixEntry> = {
  // Onboarding (docs/product-rules.md section 7).
  'POST /api/partner/apply': {
    access: 'signed-in',
    request: () => ({ method: 'POST', url: '/api/partner/apply', body: application(), freshBuyer: true }),
  },
  'GET /api/partner/me': { access: 'member-any', request: () => get('/api/partner/me') },

  // Sites and their photos (docs/product-rules.md section 8).
  'GET /api/partner/sites': { roles: ALL, access: 'approved', request: () => get('/api/partner/sites') },
  'POST /api/partner/sites': {
    access: 'approved',
    request: () => ({ method: 'POST', url: '/api/partner/sites', body: SITE_BODY }),
  },
  'POST /api/partner/sites/bulk': {
    access: 'approved',
    request: async (s) => ({
      method: 'POST',
      url: '/api/partner/sites/bulk',
      body: { action: 'pause', site_ids: [await s.freshSiteA()] },
    }),
  },
  'GET /api/partner/sites/:id': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/sites/${s.siteA.id}`),
  },
  'PATCH /api/partner/sites/:id': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({ method: 'PATCH', url: `/api/partner/sites/${s.siteA.id}`, body: { price: 1750 } }),
  },
  'POST /api/partner/sites/:id/status': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${await s.freshSiteA()}/status`,
      body: { action: 'pause' },
    }),
  },
  'POST /api/partner/sites/:id/photos': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/photos`,
      file: { field: 'file', filename: 'site.jpg', contentType: 'image/jpeg', content: s.jpeg },
    }),
  },
  'DELETE /api/partner/sites/:id/photos/:photoId': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/sites/${s.siteA.id}/photos/${await s.freshPhotoA()}`,
    }),
  },
  'POST /api/partner/sites/:id/photos/:photoId/cover': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/photos/${await s.freshPhotoA()}/cover`,
    }),
  },

  // Blocks, the calendar and the bookings list (docs/product-rules.md section 8).
  'GET /api/partner/sites/:id/blocks': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/sites/${s.siteA.id}/blocks`),
  },
  'POST /api/partner/sites/:id/blocks': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/blocks`,
      body: { ...s.nextBlockDates(), reason: 'Repainting the frame' },
    }),
  },
  'DELETE /api/partner/sites/:id/blocks/:blockId': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/sites/${s.siteA.id}/blocks/${await s.freshBlockA()}`,
    }),
  },
  'GET /api/partner/calendar': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/calendar?month=2027-01&site_id=${s.siteA.id}`),
  },
  'GET /api/partner/bookings': {
    roles: ALL,
    access: 'approved',
    request: () => get('/api/partner/bookings'),
  },
  'GET /api/partner/bookings.csv': {
    roles: ALL,
    access: 'approved',
    request: () => get('/api/partner/bookings.csv'),
  },

  // Proofs of posting (docs/product-rules.md section 9, decision 029).
  'GET /api/partner/proofs': { roles: ALL, access: 'approved', request: () => get('/api/partner/proofs') },
  'POST /api/partner/lines/:lineId/proofs': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/lines/${s.paidLineA}/proofs`,
      file: { field: 'file', filename: 'proof.jpg', contentType: 'image/jpeg', content: s.jpeg },
    }),
  },

  // The mounting crew's job sheet (decision 046): every member, field included.
  'GET /api/partner/lines/:lineId/job-sheet.pdf': {
    access: 'approved',
    roles: ALL,
    ownedByA: true,
    request: (s) => get(`/api/partner/lines/${s.paidLineA}/job-sheet.pdf`),
  },

  'DELETE /api/partner/proofs/:id': {
    access: 'approved',
    roles: ALL,
    ownedByA: true,
    request: async (s) => ({ method: 'DELETE', url: `/api/partner/proofs/${await s.freshProofA()}` }),
  },

  // Bulk import (docs/product-rules.md section 8).
  'GET /api/partner/sites/import/template.csv': {
    access: 'member',
    request: () => get('/api/partner/sites/import/template.csv'),
  },
  // The export (issue 22): the template's columns, admins and managers as every bulk action.
  'GET /api/partner/sites/export.csv': {
    access: 'approved',
    request: (s) => get(`/api/partner/sites/export.csv?ids=${s.siteA.id}`),
  },
  'GET /api/partner/sites/export.xlsx': {
    access: 'approved',
    request: () => get('/api/partner/sites/export.xlsx?status=live'),
  },
  'POST /api/partner/sites/photo-match': {
    access: 'approved',
    request: () => ({
      method: 'POST',
      url: '/api/partner/sites/photo-match',
      body: { file_names: ['MUM-0042.jpg'] },
    }),
  },
  'POST /api/partner/sites/import': {
    access: 'approved',
    request: (s) => ({
      method: 'POST',
      url: '/api/partner/sites/import?dry_run=true',
      file: { field: 'file', filename: 'sites.csv', contentType: 'text/csv', content: s.importCsv },
    }),
  },

  // The owner's team (decision 046): its admins only.
  'GET /api/partner/members': {
    access: 'approved',
    roles: ADMIN,
    request: () => get('/api/partner/members'),
  },
  'POST /api/partner/members': {
    access: 'approved',
    roles: ADMIN,
    request: (s) => ({
      method: 'POST',
      url: '/api/partner/members',
      body: { phone_number: s.freshPhone(), role: 'field' },
    }),
  },
  'DELETE /api/partner/members/:userId': {
    access: 'approved',
    roles: ADMIN,
    ownedByA: true,
    request: async (s) => ({ method: 'DELETE', url: `/api/partner/members/${await s.freshMemberA()}` }),
  },

  'DELETE /api/partner/members/invitations/:invitationId': {
    access: 'approved',
    roles: ADMIN,
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/members/invitations/${await s.freshInvitationA()}`,
    }),
  },

  // The back office.
  'GET /api/ops/media-owners': {
    access: 'operator',
    request: () => get('/api/ops/media-owners?status=pending'),
  },
  'POST /api/ops/media-owners/:id/approve': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/media-owners/${await s.freshApplicant()}/approve`,
    }),
  },
  'POST /api/ops/media-owners/:id/reject': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/media-owners/${await s.freshApplicant()}/reject`,
      body: { reason: 'The GSTIN does not match the company name.' },
    }),
  },
  'GET /api/ops/audit': { access: 'operator', request: () => get('/api/ops/audit') },

  // Payouts (docs/product-rules.md "Payouts", decision 047): money is for admins and managers.
  'GET /api/partner/payouts': { access: 'approved', request: () => get('/api/partner/payouts') },
  'GET /api/ops/payouts': { access: 'operator', request: () => get('/api/ops/payouts?flagged=true') },
  ...Object.fromEntries(
    ['hold', 'release', 'accept-proof', 'reject-proof'].map((action) => [
      `POST /api/ops/payouts/:id/${action}`,
      {
        access: 'operator' as const,
        request: (): Call => ({
          method: 'POST',
          url: `/api/ops/payouts/1/${action}`,
          body: { reason: 'Matrix' },
        }),
      },
    ]),
  ),
  'DELETE /api/ops/users/:id/sessions': {
    access: 'operator',
    request: async (s) => {
      const [someone] = await s.ctx.database.db.select({ id: users.id }).from(users).limit(1);
      return { method: 'DELETE', url: `/api/ops/users/${someone.id}/sessions` };
    },
  },

  'GET /api/ops/sites': { access: 'operator', request: () => get('/api/ops/sites') },
  'GET /api/ops/sites/:id': { access: 'operator', request: (s) => get(`/api/ops/sites/${s.siteA.id}`) },
  'POST /api/ops/sites/:id/approve': {
    access: 'operator',
    request: async (s) => ({ method: 'POST', url: `/api/ops/sites/${await s.freshPendingSiteA()}/approve` }),
  },
  'POST /api/ops/sites/:id/reject': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/sites/${await s.freshPendingSiteA()}/reject`,
      body: { reason: 'The photo shows another hoarding.' },
    }),
  },
  // Trust actions (decision 046): on a fresh applicant (a 409 past the role check) or a fresh site of A.
  'POST /api/ops/media-owners/:id/suspend': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/media-owners/${await s.freshApplicant()}/suspend`,
      body: { reason: 'Matrix' },
    }),
  },
  'POST /api/ops/media-owners/:id/reinstate': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/media-owners/${await s.freshApplicant()}/reinstate`,
      body: { reason: 'Matrix' },
    }),
  },
  'PATCH /api/ops/media-owners/:id': {
    access: 'operator',
    request: async (s) => ({
      method: 'PATCH',
      url: `/api/ops/media-owners/${await s.freshApplicant()}`,
      body: { city: 'Nashik' },
    }),
  },
  'POST /api/ops/sites/:id/take-down': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/sites/${await s.freshSiteA()}/take-down`,
      body: { reason: 'Matrix' },
    }),
  },
  'POST /api/ops/sites/:id/restore': {
    access: 'operator',
    request: async (s) => ({
      method: 'POST',
      url: `/api/ops/sites/${await s.freshSiteA()}/restore`,
      body: { reason: 'Matrix' },
    }),
  },
  'GET /api/ops/orders': { access: 'operator', request: () => get('/api/ops/orders') },
  'GET /api/ops/orders/:id': { access: 'operator', request: (s) => get(`/api/ops/orders/${s.orderId}`) },

  // Creative review (docs/product-rules.md section 9): the line of the buyer's order on owner A's site. It is unpaid, so
  // owner A gets past every check to a 409; owner B must get 404.
  'GET /api/partner/creatives': {
    roles: ALL,
    access: 'approved',
    request: () => get('/api/partner/creatives?status=all'),
  },
  'POST /api/partner/lines/:lineId/creative/approve': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/lines/${await lineOfA(s)}/creative/approve`,
    }),
  },
  'POST /api/partner/lines/:lineId/creative/reject': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/lines/${await lineOfA(s)}/creative/reject`,
      body: { reason: 'The logo is cut off' },
    }),
  },
  'GET /api/ops/overdue': { access: 'operator', request: () => get('/api/ops/overdue') },
  'GET /api/ops/orders/:id/proofs': {
    access: 'operator',
    request: (s) => get(`/api/ops/orders/${s.orderId}/proofs`),
  },
  // Refunds and statements (docs/product-rules.md section 10). The matrix's order is unpaid: an allowed operator gets
  // 409 (only paid orders refund), which the permission rule let through.
  'POST /api/ops/orders/:id/refunds': {
    access: 'operator',
    request: (s) => ({
      method: 'POST',
      url: `/api/ops/orders/${s.orderId}/refunds`,
      body: { amount: 1, reason: 'Matrix' },
    }),
  },
  // The refunds ledger (decision 036): no refund 999999, so an allowed operator gets past the role to a 404.
  'POST /api/ops/orders/:id/lines/:lineId/cancel': {
    access: 'operator',
    request: (s) => ({
      method: 'POST',
      url: `/api/ops/orders/${s.orderId}/lines/999999/cancel`,
      body: { reason: 'Matrix', refund: 0 },
    }),
  },
  'GET /api/ops/refunds': { access: 'operator', request: () => get('/api/ops/refunds?status=failed') },
  'POST /api/ops/refunds/:id/abandon': {
    access: 'operator',
    request: () => ({ method: 'POST', url: '/api/ops/refunds/999999/abandon', body: { reason: 'Matrix' } }),
  },
  'POST /api/ops/refunds/:id/retry': {
    access: 'operator',
    request: () => ({ method: 'POST', url: '/api/ops/refunds/999999/retry' }),
  },
  'GET /api/partner/statements': {
    access: 'approved',
    request: () => get('/api/partner/statements?month=2026-11'),
  },
  'GET /api/partner/statements.csv': {
    access: 'approved',
    request: () => get('/api/partner/statements.csv?month=2026-11'),
  },
  'GET /api/partner/statements.pdf': {
    access: 'approved',
    request: () => get('/api/partner/statements.pdf?month=2026-11'),
  },
  // The matrix's order is not a cash order: the operator gets past the role check to a 409.
  'POST /api/ops/orders/:id/mark-paid': {
    access: 'operator',
    request: (s) => ({
      method: 'POST',
      url: `/api/ops/orders/${s.orderId}/mark-paid`,
      body: { amount: 1, reference: 'Matrix receipt' },
    }),
  },
};

/** The line of the buyer's order on owner A's site. */
async function lineOfA(s: MatrixState): Promise<number> {
  const [row] = await s.ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, s.orderId));
  return row.id;
}
