import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agency, createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema.ts';

/** Agencies, members and clients (DESIGN section 19, decision 092) through the API. */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  agency = await make.agency({ members: ['planner', 'approver'], clients: [{}] });
});
afterAll(() => ctx.close());

const agencyBody = {
  company_name: 'Second Agency',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address: '1 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400002',
};
const clientBody = {
  name: 'Chai Co',
  address_line_1: '2 Hill Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
};

describe('POST /api/agencies and GET /api/agency', () => {
  it('the creator is its admin, audited; a number already in an agency cannot create another (409)', async () => {
    const me = await make.buyer();
    const made = expectStatus<{ data: { id: number; role: string } }>(
      await make.call(me, 'POST', '/api/agencies', agencyBody),
      201,
    );
    expect(made.data.role).toBe('admin');
    const mine = expectStatus<{ data: { id: number; company_name: string } }>(
      await make.call(me, 'GET', '/api/agency'),
    );
    expect(mine.data).toMatchObject({ id: made.data.id, company_name: 'Second Agency' });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(made.data.id)));
    expect(audits.map((a) => a.action)).toContain('agency.create');
    expect((await make.call(me, 'POST', '/api/agencies', agencyBody)).statusCode).toBe(409);
  });

  it('a GSTIN with a bad check digit, or not carrying the PAN, is a 400 naming gstin', async () => {
    const me = await make.buyer();
    const bad = await make.call(me, 'POST', '/api/agencies', { ...agencyBody, gstin: '27AAPFU0939F1ZA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('gstin');
    const other = await make.call(me, 'POST', '/api/agencies', { ...agencyBody, pan: 'ABCDE1234F' });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('gstin');
  });

  it('someone of no agency gets 404 on GET /api/agency; signed out 401', async () => {
    expect((await make.call(await make.buyer(), 'GET', '/api/agency')).statusCode).toBe(404);
    expect((await make.call(null, 'GET', '/api/agency')).statusCode).toBe(401);
  });
});

describe('GET, POST, DELETE /api/agency/members', () => {
  it('an added number acts with its role once signed in; listed; removed (audited)', async () => {
    const newcomer = make.phone();
    const added = expectStatus<{ data: { id: number } }>(
      await make.call(agency.admin, 'POST', '/api/agency/members', {
        phone_number: newcomer,
        role: 'planner',
      }),
      201,
    );
    const person = await make.person(newcomer);
    const role = expectStatus<{ data: { role: string } }>(await make.call(person, 'GET', '/api/agency'));
    expect(role.data.role).toBe('planner');
    const list = expectStatus<{ data: Array<{ phone_number: string; is_you: boolean }> }>(
      await make.call(agency.admin, 'GET', '/api/agency/members'),
    );
    expect(list.data.map((m) => m.phone_number)).toContain(newcomer);
    expect(list.data.filter((m) => m.is_you)).toHaveLength(1);
    expect(
      (await make.call(agency.admin, 'DELETE', `/api/agency/members?id=${added.data.id}`)).statusCode,
    ).toBe(204);
    expect((await make.call(person, 'GET', '/api/agency')).statusCode).toBe(404);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(agency.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['agency.member_invite', 'agency.member_remove']),
    );
  });

  it('a number of another agency is a 409; the last admin cannot be removed (409)', async () => {
    const other = await make.agency();
    const taken = await make.call(agency.admin, 'POST', '/api/agency/members', {
      phone_number: other.admin.phone,
      role: 'planner',
    });
    expect(taken.statusCode).toBe(409);
    const list = expectStatus<{ data: Array<{ id: number; role: string }> }>(
      await make.call(other.admin, 'GET', '/api/agency/members'),
    );
    const last = list.data.find((m) => m.role === 'admin')!;
    const refused = await make.call(other.admin, 'DELETE', `/api/agency/members?id=${last.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('last admin');
  });

  it("another agency's member id is a 404, nothing removed", async () => {
    const other = await make.agency({ members: ['planner'] });
    const res = await make.call(agency.admin, 'DELETE', `/api/agency/members?id=${other.memberIds.planner}`);
    expect(res.statusCode).toBe(404);
    const theirs = await make.call(other.members.planner!, 'GET', '/api/agency');
    expect(theirs.statusCode).toBe(200);
  });
});

describe('GET, POST /api/agency/clients and PATCH /api/agency/clients/{id}', () => {
  it('adds (bill_to client by default), lists and edits a client; a given GSTIN is checked', async () => {
    const made = expectStatus<{ data: { id: number; gstin: string | null; bill_to: string } }>(
      await make.call(agency.members.planner!, 'POST', '/api/agency/clients', clientBody),
      201,
    );
    expect(made.data).toMatchObject({ gstin: null, bill_to: 'client' });
    const bad = await make.call(agency.admin, 'POST', '/api/agency/clients', {
      ...clientBody,
      gstin: '27AAPFU0939F1ZA',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('gstin');
    const edited = expectStatus<{ data: { name: string; gstin: string; bill_to: string; city: string } }>(
      await make.call(agency.admin, 'PATCH', `/api/agency/clients/${made.data.id}`, {
        gstin: '27aapfu0939f1zv',
        bill_to: 'agency',
      }),
    );
    expect(edited.data).toMatchObject({
      name: 'Chai Co',
      gstin: '27AAPFU0939F1ZV',
      bill_to: 'agency',
      city: 'Pune',
    });
    const list = expectStatus<{ data: Array<{ id: number }> }>(
      await make.call(agency.admin, 'GET', '/api/agency/clients'),
    );
    expect(list.data.map((c) => c.id)).toEqual(expect.arrayContaining([made.data.id, ...agency.clientIds]));
    expect(
      (await make.call(agency.admin, 'PATCH', `/api/agency/clients/${made.data.id}`, {})).statusCode,
    ).toBe(400);
  });
});

/**
 * The permission rows of every agencies route: who gets past the checks (2xx) and who is refused with what.
 * Anonymous 401; a buyer, a media owner and an operator of no agency 404; an approver 403 where the call
 * is the team's or the clients'; a planner 403 on the team; another agency's admin 404 on this client.
 */
describe('permission matrix of the agencies routes', () => {
  it('answers each caller as its role allows', async () => {
    const owner = await make.owner();
    const operator = await make.operator();
    const other = await make.agency();
    const clientId = agency.clientIds[0];
    const patch = (who: Parameters<Factory['call']>[0]) =>
      make.call(who, 'PATCH', `/api/agency/clients/${clientId}`, { city: 'Mumbai' });
    const rows: Array<[string, Parameters<Factory['call']>[0], Record<string, number>]> = [
      ['anonymous', null, { agency: 401, members: 401, clients: 401, patch: 401 }],
      ['a buyer', await make.buyer(), { agency: 404, members: 404, clients: 404, patch: 404 }],
      ['a media owner', owner.admin, { agency: 404, members: 404, clients: 404, patch: 404 }],
      ['an operator', operator, { agency: 404, members: 404, clients: 404, patch: 404 }],
      ['the admin', agency.admin, { agency: 200, members: 200, clients: 200, patch: 200 }],
      ['a planner', agency.members.planner!, { agency: 200, members: 403, clients: 200, patch: 200 }],
      ['an approver', agency.members.approver!, { agency: 200, members: 403, clients: 403, patch: 403 }],
      ["another agency's admin", other.admin, { agency: 200, members: 200, clients: 200, patch: 404 }],
    ];
    for (const [who, caller, expected] of rows) {
      const got = {
        agency: (await make.call(caller, 'GET', '/api/agency')).statusCode,
        members: (await make.call(caller, 'GET', '/api/agency/members')).statusCode,
        clients: (await make.call(caller, 'GET', '/api/agency/clients')).statusCode,
        patch: (await patch(caller)).statusCode,
      };
      expect(got, who).toEqual(expected);
    }
    const theirs = expectStatus<{ data: Array<{ id: number }> }>(
      await make.call(other.admin, 'GET', '/api/agency/clients'),
    );
    expect(theirs.data.map((c) => c.id)).not.toContain(clientId);
  });
});
