import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../test/factory.ts';
import type { TestContext } from '../../test/test-app.ts';
import { notifications } from '../db/schema.ts';
import { renderNotification } from '../modules/notifications/notification-texts.ts';

/**
 * Issue 45 (docs/product-rules.md section 7): a buyer whose paid booking sits on a site an operator takes down
 * is told (SMS and email through the outbox, once), and the order page's line says so instead of reading
 * as booked as usual. The money stays paid: an operator decides to keep, move or cancel with a full refund.
 * A cancelled line's buyer and another site's buyer are not told; a repeated take-down tells no one again.
 */
let ctx: TestContext;
let f: Factory;
beforeAll(async () => {
  ctx = await createFactoryApp();
  f = factory(ctx);
});
afterAll(() => ctx.close());

const messagesTo = (recipients: string[]) =>
  ctx.database.db
    .select({
      template: notifications.template,
      channel: notifications.channel,
      payload: notifications.payload,
    })
    .from(notifications)
    .where(inArray(notifications.recipient, recipients))
    .orderBy(asc(notifications.id));

describe('a paid booking on a taken-down site', () => {
  it('tells its buyer once, the order page line says so, and the money stays paid', async () => {
    const owner = await f.owner();
    const site = await f.site(owner);
    const other = await f.site(owner);
    const buyer = await f.buyer();
    const order = await f.order(buyer, [site, other]);
    // A second buyer whose booking on the site was cancelled is not told.
    const gone = await f.order(await f.buyer(), [site], 'paid', { from: '2027-08-01' });
    const goneOrder = expectStatus<{ lines: Array<{ id: number }> }>(
      await f.call(gone.buyer, 'GET', `/api/orders/${gone.id}`),
    );
    expectStatus(
      await f.call(gone.buyer, 'POST', `/api/orders/${gone.id}/cancel`, {
        line_ids: [goneOrder.lines[0]!.id],
        confirm: true,
      }),
    );
    const op = await f.operator();
    const before = await messagesTo([buyer.phone, gone.buyer.phone]);

    const down = expectStatus<{ data: { status: string; product_id: string } }>(
      await f.call(op, 'POST', `/api/ops/sites/${site.id}/take-down`, { reason: 'Structure unsafe' }),
    );
    expect(down.data.status).toBe('taken_down');
    const told = (await messagesTo([buyer.phone, gone.buyer.phone])).slice(before.length);
    expect(told.map((m) => [m.template, m.channel])).toEqual([['site_taken_down_buyer', 'sms']]);
    expect(told[0]!.payload).toMatchObject({ orderId: order.id, siteCode: down.data.product_id });
    const text = renderNotification(
      'site_taken_down_buyer',
      told[0]!.payload as Record<string, unknown>,
    ).text;
    expect(text).toContain(`(${down.data.product_id}), booked in order #${order.id}`);
    expect(text).toContain('keep the booking, move it to another site, or cancel it with a full refund');
    // The operator's reason is theirs: not in the buyer's message.
    expect(text).not.toContain('Structure unsafe');

    const page = expectStatus<{
      status: string;
      lines: Array<{ product: { id: number; code: string }; site_taken_down: boolean; status: string }>;
    }>(await f.call(buyer, 'GET', `/api/orders/${order.id}`));
    expect(page.status).toBe('paid');
    expect(page.lines.map((l) => [l.product.id, l.site_taken_down, l.status])).toEqual(
      expect.arrayContaining([
        [site.id, true, 'scheduled'],
        [other.id, false, 'scheduled'],
      ]),
    );
    expect(page.lines.find((l) => l.product.id === site.id)!.product.code).toBe(down.data.product_id);
    const cancelled = expectStatus<{ lines: Array<{ site_taken_down: boolean }> }>(
      await f.call(gone.buyer, 'GET', `/api/orders/${gone.id}`),
    );
    expect(cancelled.lines.map((l) => l.site_taken_down)).toEqual([false]);

    // Again: the site is already down, nobody is told twice.
    expectStatus(await f.call(op, 'POST', `/api/ops/sites/${site.id}/take-down`, { reason: 'Again' }));
    expect(await messagesTo([buyer.phone, gone.buyer.phone])).toHaveLength(before.length + 1);
  });

  it('tells the buyer by email too when the profile has one', async () => {
    const owner = await f.owner();
    const site = await f.site(owner);
    const buyer = await f.buyer();
    expectStatus(
      await f.call(buyer, 'PATCH', '/api/auth/update_user_by_phone/', {
        first_name: 'Asha',
        last_name: 'Rao',
        phone_number: buyer.phone,
        email: 'asha@example.com',
        company: 'Rao Foods Pvt Ltd',
        address_line_1: '12 MG Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400001',
      }),
    );
    await f.order(buyer, [site]);
    const op = await f.operator();
    expectStatus(
      await f.call(op, 'POST', `/api/ops/sites/${site.id}/take-down`, { reason: 'Permit lapsed' }),
    );
    const rows = await ctx.database.db
      .select({ template: notifications.template })
      .from(notifications)
      .where(eq(notifications.recipient, 'asha@example.com'));
    expect(rows.map((r) => r.template)).toContain('site_taken_down_buyer');
  });
});
