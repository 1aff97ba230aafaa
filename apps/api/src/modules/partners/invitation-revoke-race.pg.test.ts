import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import {
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  tokenOf,
} from '../sites/sites.test-helpers.ts';

/**
 * PostgreSQL only: an admin revokes an invitation while its invitee signs in (issue 22). Whichever comes
 * first wins: either the revoke answers 204 and the number joins nobody, or the number joined and the
 * revoke answers 404. Never both.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createSitesTestApp();
});
afterAll(() => ctx.close());

describe('revoke and first sign-in at once', () => {
  it('a revoked invitation never makes a member', async () => {
    const owner = await mediaOwner(ctx);
    for (let round = 0; round < 5; round += 1) {
      const phone = nextSitesPhone();
      const invited = await ok(
        await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role: 'field' }),
        201,
      );
      const token = await tokenOf(ctx, phone);
      const [revoke, roles] = await Promise.all([
        call(ctx, 'DELETE', `/api/partner/members/invitations/${invited.data.invitation_id}`, owner.token),
        call(ctx, 'GET', '/api/me/roles', token),
      ]);
      const joined = (await ok(await call(ctx, 'GET', '/api/me/roles', token))).data.media_owner !== null;
      expect(roles.statusCode).toBe(200);
      expect([revoke.statusCode, joined]).toEqual(joined ? [404, true] : [204, false]);
    }
  });
});
