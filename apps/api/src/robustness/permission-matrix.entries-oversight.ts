import { eq } from 'drizzle-orm';
import { orderItems, users } from '../db/schema.ts';
import { ADMIN, ALL, get, type MatrixEntry } from './permission-matrix.entry.ts';
import { breachBody } from './permission-matrix.records.ts';
import type { Call, MatrixState } from './permission-matrix.state.ts';

/** The back office, payouts, trust actions, creative review, refunds and statements, cash. */
export const OVERSIGHT_ENTRIES: Record<string, MatrixEntry> = {
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
  // The breach register (DPDP Rules 2025 rule 7): operators only; a PATCH on a fresh breach each time.
  'GET /api/ops/breaches': { access: 'operator', request: () => get('/api/ops/breaches') },
  'POST /api/ops/breaches': {
    access: 'operator',
    request: () => ({ method: 'POST', url: '/api/ops/breaches', body: breachBody() }),
  },
  'PATCH /api/ops/breaches/:id': {
    access: 'operator',
    request: async (s) => ({
      method: 'PATCH',
      url: `/api/ops/breaches/${await s.freshBreach()}`,
      body: { measures: 'The link was revoked.' },
    }),
  },

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
  // Decision 080: the verified mark on site A's audience figure.
  'POST /api/ops/sites/:id/audience': {
    access: 'operator',
    request: (s) => ({
      method: 'POST',
      url: `/api/ops/sites/${s.siteA.id}/audience`,
      body: { verified: true },
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
  'GET /api/ops/sms/undelivered': { access: 'operator', request: () => get('/api/ops/sms/undelivered') },
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
  'GET /api/ops/tax/tcs': { access: 'operator', request: () => get('/api/ops/tax/tcs?month=2026-11') },
  'GET /api/ops/tax/tcs.csv': {
    access: 'operator',
    request: () => get('/api/ops/tax/tcs.csv?month=2026-11'),
  },
  'GET /api/ops/tax/tds': { access: 'operator', request: () => get('/api/ops/tax/tds?quarter=2026-Q3') },
  'GET /api/ops/tax/tds.csv': {
    access: 'operator',
    request: () => get('/api/ops/tax/tds.csv?quarter=2026-Q3'),
  },
  'GET /api/partner/commission-invoices': {
    access: 'approved',
    roles: ADMIN,
    request: () => get('/api/partner/commission-invoices?month=2026-10'),
  },
  'GET /api/partner/commission-invoices/:id.pdf': {
    access: 'approved',
    roles: ADMIN,
    ownedByA: true,
    request: (s) => get(`/api/partner/commission-invoices/${s.commissionInvoiceA}.pdf`),
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
