import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, notifications } from '../../db/schema.ts';
import {
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  siteIn,
  tokenOf,
} from '../sites/sites.test-helpers.ts';

/** An owner's team (docs/product-rules.md section 7, decision 046): invitations by mobile number, roles, removal. */

let ctx: TestContext;
let admin: { token: string; ownerId: number };
beforeAll(async () => {
  ctx = await createSitesTestApp();
  admin = await mediaOwner(ctx);
});
afterAll(() => ctx.close());

/** Invites a fresh number with `role`; the invitee signs in and opens the console, so is a member. */
async function member(role: 'admin' | 'manager' | 'field', by = admin) {
  const phone = nextSitesPhone();
  await ok(await call(ctx, 'POST', '/api/partner/members', by.token, { phone_number: phone, role }), 201);
  const token = await tokenOf(ctx, phone);
  await ok(await call(ctx, 'GET', '/api/me/roles', token));
  return { phone, token };
}

describe('GET, POST /api/partner/members and DELETE /api/partner/members/{userId}', () => {
  it('an admin invites a number: listed as invited, told by SMS, audited; a member with the role on first sign-in', async () => {
    const phone = nextSitesPhone();
    const invited = await ok(
      await call(ctx, 'POST', '/api/partner/members', admin.token, { phone_number: phone, role: 'manager' }),
      201,
    );
    expect(invited.data).toMatchObject({
      user_id: null,
      phone_number: phone,
      role: 'manager',
      state: 'invited',
    });
    // The same invitation again (a double click) answers it without an error.
    const again = await call(ctx, 'POST', '/api/partner/members', admin.token, {
      phone_number: phone,
      role: 'manager',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(invited.data);
    const sms = await ctx.database.db.select().from(notifications).where(eq(notifications.recipient, phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', template: 'member_invited' });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.invite'));
    expect(audit.map((a) => a.after)).toContainEqual({ phone_number: phone, role: 'manager' });

    const token = await tokenOf(ctx, phone);
    const roles = await ok(await call(ctx, 'GET', '/api/me/roles', token));
    expect(roles.data.media_owner).toMatchObject({ id: admin.ownerId, status: 'approved', role: 'manager' });
    const team = await ok(await call(ctx, 'GET', '/api/partner/members', admin.token));
    const joined = team.data.find((m: { phone_number: string }) => m.phone_number === phone);
    expect(joined).toMatchObject({ state: 'member', role: 'manager', is_you: false });
    expect(team.data.filter((m: { is_you: boolean }) => m.is_you)).toHaveLength(1);
  });

  it('a number already in a team, or invited by another owner, is a 409; bad input 400', async () => {
    const other = await mediaOwner(ctx);
    const { phone } = await member('field', other);
    const taken = await call(ctx, 'POST', '/api/partner/members', admin.token, {
      phone_number: phone,
      role: 'field',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ phone_number: 'Already a member' });
    const waiting = nextSitesPhone();
    await ok(
      await call(ctx, 'POST', '/api/partner/members', other.token, { phone_number: waiting, role: 'field' }),
      201,
    );
    const invitedElsewhere = await call(ctx, 'POST', '/api/partner/members', admin.token, {
      phone_number: waiting,
      role: 'field',
    });
    expect(invitedElsewhere.statusCode).toBe(409);
    expect(invitedElsewhere.json().error.fields).toEqual({ phone_number: 'Already invited' });
    const bad = await call(ctx, 'POST', '/api/partner/members', admin.token, {
      phone_number: '12345',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(
      expect.arrayContaining(['phone_number', 'role']),
    );
  });

  it('managers and field members cannot manage the team (403)', async () => {
    for (const role of ['manager', 'field'] as const) {
      const { token } = await member(role);
      expect((await call(ctx, 'GET', '/api/partner/members', token)).statusCode).toBe(403);
      const res = await call(ctx, 'POST', '/api/partner/members', token, {
        phone_number: nextSitesPhone(),
        role: 'admin',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/role/);
    }
  });

  it('a field member reads sites and bookings and posts proofs, and nothing else', async () => {
    const site = await siteIn(ctx, admin.token, 'live');
    const { token } = await member('field');
    expect((await call(ctx, 'GET', '/api/partner/sites', token)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', `/api/partner/sites/${site}`, token)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/partner/bookings', token)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/partner/proofs', token)).statusCode).toBe(200);
    expect((await call(ctx, 'PATCH', `/api/partner/sites/${site}`, token, { price: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call(ctx, 'POST', `/api/partner/sites/${site}/status`, token, { action: 'pause' })).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'GET', '/api/partner/statements?month=2026-11', token)).statusCode).toBe(403);
  });

  it('GET /api/partner/me: PAN, IFSC and the bank account to admins only, never to managers or field members', async () => {
    const bankFields = ['pan', 'ifsc', 'bank_account_masked'];
    const mine = await ok(await call(ctx, 'GET', '/api/partner/me', admin.token));
    for (const field of bankFields) expect(mine.data[field]).toEqual(expect.any(String));
    expect(JSON.stringify(mine.data)).not.toMatch(/"account_number"/);
    for (const role of ['manager', 'field'] as const) {
      const { token } = await member(role);
      const res = await call(ctx, 'GET', '/api/partner/me', token);
      expect(res.statusCode).toBe(200);
      const seen = res.json().data;
      expect(seen).toMatchObject({
        id: admin.ownerId,
        company_name: mine.data.company_name,
        status: 'approved',
      });
      for (const field of bankFields) expect(Object.keys(seen)).not.toContain(field);
      // Nor anywhere in the body under another name (the GSTIN, public on every invoice, embeds the PAN).
      expect(res.body.replace(mine.data.gstin, '')).not.toContain(mine.data.pan);
      expect(res.body).not.toContain(mine.data.ifsc);
      expect(res.body).not.toContain(mine.data.bank_account_masked.replace(/\D/g, ''));
    }
  });

  it('removal: 404 for someone outside the team, never the last admin (409), audited', async () => {
    const owner = await mediaOwner(ctx);
    const { token } = await member('admin', owner);
    const team = await ok(await call(ctx, 'GET', '/api/partner/members', owner.token));
    const [first, second] = team.data as Array<{ user_id: number }>;
    // Someone of another team is not found here.
    const otherTeam = await ok(await call(ctx, 'GET', '/api/partner/members', admin.token));
    const outsider = (otherTeam.data as Array<{ user_id: number | null }>).find((m) => m.user_id)!.user_id;
    expect((await call(ctx, 'DELETE', `/api/partner/members/${outsider}`, owner.token)).statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', `/api/partner/members/${first.user_id}`, token)).statusCode).toBe(204);
    // The remaining admin is the last one.
    const last = await call(ctx, 'DELETE', `/api/partner/members/${second.user_id}`, token);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toMatch(/last admin/);
    // The removed member is no member any more.
    expect((await call(ctx, 'GET', '/api/partner/sites', owner.token)).statusCode).toBe(403);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.remove'));
    expect(audit.map((a) => a.before)).toContainEqual({ user_id: first.user_id, role: 'admin' });
  });

  it('an admin revokes a pending invitation: gone from the list, audited, and the number joins nobody', async () => {
    const owner = await mediaOwner(ctx);
    const phone = nextSitesPhone();
    const invited = await ok(
      await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role: 'field' }),
      201,
    );
    const invitationId = invited.data.invitation_id as number;
    expect(invitationId).toEqual(expect.any(Number));
    const url = `/api/partner/members/invitations/${invitationId}`;
    // Another owner's admin, a manager of this owner: not theirs to revoke.
    expect((await call(ctx, 'DELETE', url, admin.token)).statusCode).toBe(404);
    const { token: manager } = await member('manager', owner);
    expect((await call(ctx, 'DELETE', url, manager)).statusCode).toBe(403);
    expect((await call(ctx, 'DELETE', url, owner.token)).statusCode).toBe(204);
    // Again (a double click): already gone.
    expect((await call(ctx, 'DELETE', url, owner.token)).statusCode).toBe(404);
    const team = await ok(await call(ctx, 'GET', '/api/partner/members', owner.token));
    expect((team.data as Array<{ phone_number: string }>).map((m) => m.phone_number)).not.toContain(phone);
    // The number signs in: no owner's member.
    const token = await tokenOf(ctx, phone);
    expect((await ok(await call(ctx, 'GET', '/api/me/roles', token))).data.media_owner).toBeNull();
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.invite_revoke'));
    expect(audit).toEqual([
      expect.objectContaining({
        entityId: String(owner.ownerId),
        before: { phone_number: phone, role: 'field' },
        after: null,
      }),
    ]);
  });

  it('an invitation already taken up cannot be revoked (404): the member is removed instead', async () => {
    const owner = await mediaOwner(ctx);
    const phone = nextSitesPhone();
    const invited = await ok(
      await call(ctx, 'POST', '/api/partner/members', owner.token, { phone_number: phone, role: 'field' }),
      201,
    );
    await ok(await call(ctx, 'GET', '/api/me/roles', await tokenOf(ctx, phone)));
    const res = await call(
      ctx,
      'DELETE',
      `/api/partner/members/invitations/${invited.data.invitation_id}`,
      owner.token,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/Invitation/);
  });
});
