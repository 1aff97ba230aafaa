import { application } from '../modules/partners/partners.test-helpers.ts';
import type { Call, Caller, MatrixState } from './permission-matrix.state.ts';

/**
 * One entry per /api/partner and /api/ops route (not a test itself; permission-matrix.test.ts fails for a
 * served route without one). `access` is who the route is for:
 * - signed-in: any signed-in user (apply);
 * - member: a member of an owner of any status (GET /partner/me: no owner answers 404);
 * - approved: a member of an approved owner;
 * - operator: OPERATOR_PHONES.
 * `ownedByA`: the call names one of owner A's records, so owner B must get 404 and change nothing.
 * `request` builds a valid call (so only the permission rule can refuse it); calls that change or remove
 * a record make a fresh one each time.
 */
export interface MatrixEntry {
  access: 'signed-in' | 'member' | 'approved' | 'operator';
  ownedByA?: boolean;
  request(s: MatrixState, caller: Caller): Call | Promise<Call>;
}

const get = (url: string): Call => ({ method: 'GET', url });

export const MATRIX: Record<string, MatrixEntry> = {
  // Onboarding (DESIGN.md section 7).
  'POST /api/partner/apply': {
    access: 'signed-in',
    request: () => ({ method: 'POST', url: '/api/partner/apply', body: application(), freshBuyer: true }),
  },
  'GET /api/partner/me': { access: 'member', request: () => get('/api/partner/me') },

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
};
