import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type Person } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, invoices, notifications, orders, users } from '../../db/schema.ts';
import { eraseAccount } from '../../workflows/erase-account.workflow.ts';
import { listHolds } from '../holds/holds.service.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';

let ctx: TestContext;
let make: Factory;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
});
afterAll(() => ctx.close());

const erase = (who: Person | null, body: unknown = { confirm: true }) =>
  make.call(who, 'DELETE', '/api/me', body);
const profile = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  company: 'Rao Media',
  company_type: 'Agency',
  address_line_1: '12 MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400001',
};
async function withProfile(): Promise<Person & { id: number }> {
  const buyer = await make.buyer();
  const res = await make.call(buyer, 'PATCH', '/api/auth/update_user_by_phone/', {
    ...profile,
    phone_number: buyer.phone,
  });
  expect(res.statusCode).toBe(200);
  return { ...buyer, id: res.json().data.id };
}
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('DELETE /api/me', () => {
  it('anonymous is 401; without confirm: true it is 400 and nothing changes', async () => {
    expect((await erase(null)).statusCode).toBe(401);
    const buyer = await withProfile();
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      expect((await erase(buyer, body)).statusCode).toBe(400);
    }
    expect((await userRow(buyer.id)).email).toBe('asha@example.com');
  });

  it('refuses a person whose paid booking has not ended with a 409 that says why, and erases nothing', async () => {
    const owner = await make.owner();
    const buyer = await withProfile();
    const order = await make.order(buyer, [await make.site(owner)]);
    const res = await erase(buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('open_booking');
    expect(res.json().error.message).toContain(`order ${order.id}`);
    expect((await userRow(buyer.id)).phoneNumber).toBe(buyer.phone);
  });

  it('anonymises the profile, ends the sessions, keeps the invoices, audits, and leaves others untouched', async () => {
    const owner = await make.owner();
    const buyer = await withProfile();
    const other = await withProfile();
    // A refunded order is no longer open, but its invoice and credit notes are the accounts the law keeps.
    const order = await make.order(buyer, [await make.site(owner)], 'refunded');
    const hold = await make.hold(buyer, await make.site(owner));
    const [invoiceBefore] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    const [orderBefore] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(invoiceBefore).toBeDefined();

    const res = await erase(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ erased: true, kept: [expect.stringContaining('CGST Act s.36')] });
    expect(res.headers['cache-control']).toBe('no-store');

    const row = await userRow(buyer.id);
    expect(row).toMatchObject({
      phoneNumber: `erased-${buyer.id}`,
      firstName: '',
      lastName: '',
      email: null,
      company: null,
      addressLine1: null,
      city: null,
      pin: null,
    });
    // The token the erasure came with no longer signs in.
    expect((await make.call(buyer, 'GET', '/api/auth/user/')).statusCode).toBe(401);
    const [invoiceAfter] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    const [orderAfter] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    expect(orderAfter).toEqual(orderBefore);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.erase'), eq(auditLog.entityId, String(buyer.id))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(buyer.phone);

    // The hold is released, so its dates are free again.
    const holds = await listHolds(ctx.app.deps, buyer.id);
    expect(holds.results.find((h) => h.id === hold.id)?.status).toBe('released');

    // Another person's profile is untouched.
    expect(await userRow(other.id)).toMatchObject({ phoneNumber: other.phone, email: 'asha@example.com' });
    expect((await make.call(other, 'GET', '/api/auth/user/')).statusCode).toBe(200);

    // Re-running changes nothing more than the first run did.
    const again = await eraseAccount(ctx.app.deps, { id: buyer.id, phoneNumber: buyer.phone, via: 'bearer' });
    expect(again.erased).toBe(true);
    expect(await userRow(buyer.id)).toEqual({ ...row, updatedAt: expect.any(Date) });
    expect((await userRow(other.id)).phoneNumber).toBe(other.phone);
  });

  it('sends nothing to an erased account: waiting messages are dropped, sent ones forget the number, later events queue none', async () => {
    const buyer = await withProfile();
    const other = await withProfile();
    // The buyer's own address, given by nobody else; the other person keeps the shared demo address.
    expect(
      (
        await make.call(buyer, 'PATCH', '/api/auth/update_user_by_phone/', {
          ...profile,
          email: `only-${buyer.id}@example.com`,
          phone_number: buyer.phone,
        })
      ).statusCode,
    ).toBe(200);
    const queue = (recipient: string, key: string, channel: 'sms' | 'email' = 'sms') =>
      queueNotifications(ctx.database.db, [
        { dedupeKey: key, channel, recipient, template: 'refund_issued', payload: { name: 'Asha Rao' } },
      ]);
    await queue(buyer.phone, `erase-test:${buyer.id}:sent`);
    await ctx.database.db
      .update(notifications)
      .set({ status: 'sent' })
      .where(eq(notifications.dedupeKey, `erase-test:${buyer.id}:sent`));
    await queue(buyer.phone, `erase-test:${buyer.id}:waiting`);
    await queue(`only-${buyer.id}@example.com`, `erase-test:${buyer.id}:mail`, 'email');
    await queue(other.phone, `erase-test:${other.id}:waiting`);
    await queue('asha@example.com', `erase-test:${other.id}:mail`, 'email');

    expect((await erase(buyer)).statusCode).toBe(200);

    const rows = await ctx.database.db.select().from(notifications);
    const mine = rows.filter((r) => r.dedupeKey.startsWith(`erase-test:${buyer.id}:`));
    // Only the sent one stays, without the number or the text's variables.
    expect(mine).toEqual([
      expect.objectContaining({ dedupeKey: `erase-test:${buyer.id}:sent`, recipient: 'erased', payload: {} }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(buyer.phone);
    // Another person's messages are untouched.
    for (const [key, recipient] of [
      [`erase-test:${other.id}:waiting`, other.phone],
      [`erase-test:${other.id}:mail`, 'asha@example.com'],
    ]) {
      expect(rows.find((r) => r.dedupeKey === key)).toMatchObject({ recipient, status: 'pending' });
    }
    // A later event on a kept order reads the erased profile's number (`erased-<id>`) and no email: nothing queues.
    const row = await userRow(buyer.id);
    expect(await queue(row.phoneNumber, `erase-test:${buyer.id}:later`)).toBe(0);
  });

  it('an erasure keeps the waiting mail of an address another account also gives', async () => {
    const buyer = await withProfile();
    await withProfile();
    await queueNotifications(ctx.database.db, [
      {
        dedupeKey: `erase-shared:${buyer.id}`,
        channel: 'email',
        recipient: 'asha@example.com',
        template: 'refund_issued',
      },
    ]);
    expect((await erase(buyer)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `erase-shared:${buyer.id}`));
    expect(row).toMatchObject({ recipient: 'asha@example.com', status: 'pending' });
  });

  it("an owner's member leaves the team on erasure; the only admin is refused until another is admin", async () => {
    const owner = await make.owner({ members: ['manager', 'admin'] });
    const manager = owner.members.manager!;
    const managerId = (await make.call(manager, 'GET', '/api/auth/user/')).json().data[0].id;
    expect((await erase(manager)).statusCode).toBe(200);
    const team = await make.call(owner.admin, 'GET', '/api/partner/members');
    expect(team.json().data.map((m: { user_id: number | null }) => m.user_id)).not.toContain(managerId);
    const [left] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.erase'), eq(auditLog.entityId, String(owner.id))));
    expect(left).toBeDefined();
    expect(JSON.stringify(left)).not.toContain(manager.phone);

    // An invitation to a number not yet taken up goes with the erasure of that number's account.
    const invited = await withProfile();
    expect(
      (
        await make.call(owner.admin, 'POST', '/api/partner/members', {
          phone_number: invited.phone,
          role: 'field',
        })
      ).statusCode,
    ).toBe(201);
    expect((await erase(invited)).statusCode).toBe(200);
    const after = (await make.call(owner.admin, 'GET', '/api/partner/members')).json().data;
    expect(after.map((m: { phone_number: string | null }) => m.phone_number)).not.toContain(invited.phone);

    // Two admins: one may go; the last one may not, and nothing of theirs changes.
    const second = owner.members.admin!;
    expect((await erase(second)).statusCode).toBe(200);
    const refused = await erase(owner.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('only admin');
    expect((await make.call(owner.admin, 'GET', '/api/auth/user/')).statusCode).toBe(200);
    expect((await make.call(owner.admin, 'GET', '/api/partner/members')).statusCode).toBe(200);
  });

  it('the same number signing in again starts a new, empty account', async () => {
    const buyer = await withProfile();
    expect((await erase(buyer)).statusCode).toBe(200);
    const again = await make.person(buyer.phone, null);
    const me = await make.call(again, 'GET', '/api/auth/user/');
    expect(me.statusCode).toBe(200);
    expect(me.json().data[0]).toMatchObject({ phone_number: buyer.phone, email: null });
    expect(me.json().data[0].id).not.toBe(buyer.id);
  });
});
