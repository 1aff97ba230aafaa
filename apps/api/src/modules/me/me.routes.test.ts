import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { nextIp, nextPhone, signIn } from '../auth/auth.test-helpers.ts';
import { application, OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

let ctx: TestContext;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  operator = await signIn(ctx.app, OPERATOR_PHONE);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const roles = async (token?: string) => {
  const res = await call('GET', '/api/me/roles', token);
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
};

describe('GET /api/me/roles', () => {
  it('anonymous is 401; a bad token is 401', async () => {
    expect((await roles()).status).toBe(401);
    expect((await roles('not-a-token')).status).toBe(401);
  });

  it('a buyer is neither an operator nor a member, and the answer is not cached', async () => {
    const r = await roles(await signIn(ctx.app, nextPhone()));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { operator: false, media_owner: null } });
    expect(r.cache).toBe('no-store');
  });

  it('an operator is an operator', async () => {
    expect((await roles(operator)).body.data).toEqual({ operator: true, media_owner: null });
  });

  it('an applicant sees the owner pending, then approved or rejected as the operator decides', async () => {
    const first = await signIn(ctx.app, nextPhone());
    const applied = (await call('POST', '/api/partner/apply', first, application())).json().data;
    expect((await roles(first)).body.data).toEqual({
      operator: false,
      // The applicant is the owner's first admin (decision 046).
      media_owner: { id: applied.id, company_name: 'Rao Outdoor Pvt Ltd', status: 'pending', role: 'admin' },
    });
    expect((await call('POST', `/api/ops/media-owners/${applied.id}/approve`, operator)).statusCode).toBe(
      200,
    );
    expect((await roles(first)).body.data.media_owner.status).toBe('approved');

    const second = await signIn(ctx.app, nextPhone());
    const other = (await call('POST', '/api/partner/apply', second, application('AAPFU0940F'))).json().data;
    const reject = await call('POST', `/api/ops/media-owners/${other.id}/reject`, operator, {
      reason: 'No GST',
    });
    expect(reject.statusCode).toBe(200);
    expect((await roles(second)).body.data.media_owner).toEqual({
      id: other.id,
      company_name: 'Rao Outdoor Pvt Ltd',
      status: 'rejected',
      role: 'admin',
    });
    // Each user sees only their own owner.
    expect((await roles(first)).body.data.media_owner.id).toBe(applied.id);
  });
});
