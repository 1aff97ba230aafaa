import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type Person } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let make: Factory;
let operator: Person;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  operator = await make.operator();
});
afterAll(() => ctx.close());

const roles = async (who: Person | null) => {
  const res = await make.call(who, 'GET', '/api/me/roles');
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
};
const stranger = (token: string): Person => ({
  phone: '',
  token,
  headers: { authorization: `Bearer ${token}` },
});

describe('GET /api/me/roles', () => {
  it('anonymous is 401; a bad token is 401', async () => {
    expect((await roles(null)).status).toBe(401);
    expect((await roles(stranger('not-a-token'))).status).toBe(401);
  });

  it('a buyer is neither an operator nor a member, and the answer is not cached', async () => {
    const r = await roles(await make.buyer());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { operator: false, media_owner: null } });
    expect(r.cache).toBe('no-store');
  });

  it('an operator is an operator', async () => {
    expect((await roles(operator)).body.data).toEqual({ operator: true, media_owner: null });
  });

  it('an applicant sees the owner pending, then approved or rejected as the operator decides', async () => {
    const first = await make.owner({ status: 'pending' });
    expect((await roles(first.admin)).body.data).toEqual({
      operator: false,
      // The applicant is the owner's first admin (decision 046).
      media_owner: { id: first.id, company_name: 'Rao Outdoor Pvt Ltd', status: 'pending', role: 'admin' },
    });
    const approve = await make.call(operator, 'POST', `/api/ops/media-owners/${first.id}/approve`);
    expect(approve.statusCode).toBe(200);
    expect((await roles(first.admin)).body.data.media_owner.status).toBe('approved');

    const second = await make.owner({ status: 'pending' });
    const reject = await make.call(operator, 'POST', `/api/ops/media-owners/${second.id}/reject`, {
      reason: 'No GST',
    });
    expect(reject.statusCode).toBe(200);
    expect((await roles(second.admin)).body.data.media_owner).toEqual({
      id: second.id,
      company_name: 'Rao Outdoor Pvt Ltd',
      status: 'rejected',
      role: 'admin',
    });
    // Each user sees only their own owner.
    expect((await roles(first.admin)).body.data.media_owner.id).toBe(first.id);
  });

  it('a member invited by role sees the owner with that role', async () => {
    const owner = await make.owner({ members: ['manager', 'field'] });
    expect((await roles(owner.members.manager!)).body.data.media_owner).toMatchObject({
      id: owner.id,
      role: 'manager',
    });
    expect((await roles(owner.members.field!)).body.data.media_owner).toMatchObject({
      id: owner.id,
      role: 'field',
    });
  });
});
