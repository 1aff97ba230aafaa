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

export const get = (url: string): Call => ({ method: 'GET', url });
export const ALL = ['admin', 'manager', 'field'] as const;
export const ADMIN = ['admin'] as const;
