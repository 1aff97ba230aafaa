import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application } from '../../../test/factory.ts';
import { nextIp, nextPhone, signIn } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, mediaOwnerMembers, mediaOwners } from '../../db/schema.ts';
import { OPERATOR_PHONE } from './partners.test-helpers.ts';

let ctx: TestContext;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: `9000000009, ${OPERATOR_PHONE}` } });
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
const buyer = () => signIn(ctx.app, nextPhone());
const counts = async () => {
  const n = async (table: typeof mediaOwners | typeof mediaOwnerMembers | typeof auditLog) =>
    Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n);
  return { owners: await n(mediaOwners), members: await n(mediaOwnerMembers), audit: await n(auditLog) };
};

describe('POST /api/partner/apply and GET /api/partner/me', () => {
  it('answers the pending application with the account masked; me shows it; a second application is 409', async () => {
    const token = await buyer();
    expect((await call('GET', '/api/partner/me', token)).statusCode).toBe(404);
    const res = await call('POST', '/api/partner/apply', token, {
      ...application('AAPFU0939F'),
      gstin: ' 27aapfu0939f1zv ',
      account_number: '123456789012',
    });
    expect(res.statusCode, res.body).toBe(201);
    const owner = res.json().data;
    expect(owner).toMatchObject({ status: 'pending', gstin: '27AAPFU0939F1ZV', rejection_reason: null });
    expect(owner.bank_account_masked).toBe('•••• 9012');
    expect(res.body).not.toContain('123456789012');
    const me = await call('GET', '/api/partner/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(owner);
    const before = await counts();
    const again = await call('POST', '/api/partner/apply', token, application('AAPFU0940F'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    expect(await counts()).toEqual(before);
  });

  it('two applications at once by one user: one 201, one 409, one owner', async () => {
    const token = await buyer();
    const before = await counts();
    const codes = (
      await Promise.all([0, 1].map(() => call('POST', '/api/partner/apply', token, application())))
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([201, 409]);
    expect((await counts()).owners).toBe(before.owners + 1);
  });

  it('anonymous is 401 on both calls', async () => {
    expect((await call('POST', '/api/partner/apply', undefined, application())).statusCode).toBe(401);
    expect((await call('GET', '/api/partner/me')).statusCode).toBe(401);
  });

  it.each([
    ['gstin', { gstin: '27AAPFU0939F1ZW' }, /check digit/],
    ['gstin', { gstin: '99AAPFU0939F1ZV' }, /state code/],
    ['pan', { pan: 'AAPFU0939' }, /PAN/],
    ['pan', { pan: 'AAPFU0940F' }, /inside the GSTIN/],
    ['ifsc', { ifsc: 'HDFC1001234' }, /IFSC/],
    ['account_number', { account_number: '12345678' }, /9-18/],
    ['contact_phone', { contact_phone: '12345' }, /10-digit/],
    ['contact_email', { contact_email: 'nope' }, /email/],
    ['pin', { pin: '011001' }, /PIN/],
    ['company_name', { company_name: '  ' }, /required/],
  ])('a bad %s answers 400 naming it and writes nothing', async (field, change, message) => {
    const token = await buyer();
    const before = await counts();
    const res = await call('POST', '/api/partner/apply', token, { ...application(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  const hostile = ['a\u0000b', 'a\ud800b', 'a\u202eb', 'x'.repeat(100_000)];
  const fields = Object.keys(application());
  it.each(fields)('hostile text in %s answers 400 and writes nothing', async (field) => {
    const token = await buyer();
    const before = await counts();
    for (const value of hostile) {
      const res = await call('POST', '/api/partner/apply', token, { ...application(), [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value.slice(0, 5))}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('/api/ops/media-owners and /api/ops/audit', () => {
  const apply = async () => {
    const token = await buyer();
    const res = await call('POST', '/api/partner/apply', token, application());
    expect(res.statusCode).toBe(201);
    return { token, id: res.json().data.id as number };
  };

  it('permission matrix: anonymous 401, buyer and media owner 403, operator 200', async () => {
    const { id, token: member } = await apply();
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/ops/media-owners?status=pending'],
      ['POST', `/api/ops/media-owners/${id}/approve`],
      ['POST', `/api/ops/media-owners/${id}/reject`, { reason: 'Incomplete' }],
      ['GET', '/api/ops/audit'],
    ];
    const plain = await buyer();
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, plain, body)).statusCode, url).toBe(403);
      expect((await call(method, url, member, body)).statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/partner/me`, member)).json().data.status).toBe('pending');
    expect((await call('GET', '/api/ops/media-owners?status=pending', operator)).statusCode).toBe(200);
  });

  it("each member sees only their own owner at /api/partner/me; another owner's approval leaves it alone", async () => {
    const a = await apply();
    const b = await apply();
    expect((await call('POST', `/api/ops/media-owners/${b.id}/approve`, operator)).statusCode).toBe(200);
    expect((await call('GET', '/api/partner/me', a.token)).json().data).toMatchObject({
      id: a.id,
      status: 'pending',
    });
    expect((await call('GET', '/api/partner/me', b.token)).json().data).toMatchObject({
      id: b.id,
      status: 'approved',
    });
  });

  it('an approve and a reject at once: exactly one wins, one audit row', async () => {
    const { id } = await apply();
    const auditBefore = (await counts()).audit;
    const [approve, reject] = await Promise.all([
      call('POST', `/api/ops/media-owners/${id}/approve`, operator),
      call('POST', `/api/ops/media-owners/${id}/reject`, operator, { reason: 'Duplicate' }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    expect((await counts()).audit).toBe(auditBefore + 1);
  });

  it('approve: only from pending (again answers it, a reject after it is 409), unknown id 404, audited with before and after', async () => {
    const { id, token } = await apply();
    const auditBefore = (await counts()).audit;
    const ok = await call('POST', `/api/ops/media-owners/${id}/approve`, operator);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
    expect((await call('GET', '/api/partner/me', token)).json().data.status).toBe('approved');
    const again = await call('POST', `/api/ops/media-owners/${id}/approve`, operator);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(ok.json().data);
    expect(
      (await call('POST', `/api/ops/media-owners/${id}/reject`, operator, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect((await call('POST', '/api/ops/media-owners/999999/approve', operator)).statusCode).toBe(404);
    expect((await counts()).audit).toBe(auditBefore + 1);
    const audit = (await call('GET', '/api/ops/audit?page_size=1', operator)).json();
    expect(audit.results[0]).toMatchObject({
      action: 'media_owner.approve',
      entity: 'media_owner',
      entity_id: String(id),
      actor_phone: OPERATOR_PHONE,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect(JSON.stringify(audit)).not.toContain('123456789012');
  });

  it('reject needs a reason; the applicant sees it; lists filter by status; audit newest first', async () => {
    const { id, token } = await apply();
    const noReason = await call('POST', `/api/ops/media-owners/${id}/reject`, operator, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeDefined();
    for (const reason of ['a\u0000b', 'a\u202eb', 'x'.repeat(100_000)]) {
      expect(
        (await call('POST', `/api/ops/media-owners/${id}/reject`, operator, { reason })).statusCode,
      ).toBe(400);
    }
    const res = await call('POST', `/api/ops/media-owners/${id}/reject`, operator, {
      reason: 'GSTIN not ours',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/partner/me', token)).json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'GSTIN not ours',
    });
    const rejected = (await call('GET', '/api/ops/media-owners?status=rejected', operator)).json();
    expect(rejected.results.map((o: { id: number }) => o.id)).toContain(id);
    expect(rejected.results.every((o: { status: string }) => o.status === 'rejected')).toBe(true);
    const pending = (await call('GET', '/api/ops/media-owners?status=pending&page_size=1', operator)).json();
    expect(pending.results.length).toBeLessThanOrEqual(1);
    expect(pending.count).toBeGreaterThanOrEqual(pending.results.length);
    expect((await call('GET', '/api/ops/media-owners?status=bogus', operator)).statusCode).toBe(400);
    const audit = (await call('GET', '/api/ops/audit', operator)).json();
    expect(audit.results[0]).toMatchObject({ action: 'media_owner.reject', entity_id: String(id) });
    expect(audit.count).toBe((await counts()).audit);
    const ids = audit.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
