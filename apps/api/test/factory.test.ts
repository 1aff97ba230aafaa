import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from './factory.ts';
import type { TestContext } from './test-app.ts';

/** The factory makes what it says, as the people concerned then see it through the API. */
describe('the fixture factory', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp();
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  const roles = async (who: Awaited<ReturnType<Factory['person']>>) =>
    expectStatus<{ data: { operator: boolean; media_owner: { id: number; role: string } | null } }>(
      await make.call(who, 'GET', '/api/me/roles'),
    ).data;

  it('makes an approved owner with an admin and members by role, and an operator', async () => {
    const owner = await make.owner({ members: ['manager', 'field'] });
    expect(await roles(owner.admin)).toEqual({
      operator: false,
      media_owner: expect.objectContaining({ id: owner.id, role: 'admin', status: 'approved' }),
    });
    expect((await roles(owner.members.manager!)).media_owner).toMatchObject({
      id: owner.id,
      role: 'manager',
    });
    expect((await roles(owner.members.field!)).media_owner).toMatchObject({ id: owner.id, role: 'field' });
    expect(await roles(await make.operator())).toEqual({ operator: true, media_owner: null });
    expect(await roles(await make.buyer())).toEqual({ operator: false, media_owner: null });
  });

  it('makes orders in each state, read so by their buyer and their owner', async () => {
    const owner = await make.owner();
    const seen = async (state: Parameters<Factory['order']>[2]) => {
      const order = await make.order(await make.buyer(), [await make.site(owner)], state);
      const detail = expectStatus<{ status: string; refunded: number; total: number }>(
        await make.call(order.buyer, 'GET', `/api/orders/${order.id}`),
      );
      const { payouts } = expectStatus<{ payouts: Array<{ order_id: number; state: string }> }>(
        await make.call(owner.admin, 'GET', '/api/partner/payouts'),
      );
      return {
        status: detail.status,
        refunded: detail.refunded === 0 ? 'none' : detail.refunded === detail.total ? 'all' : 'part',
        payouts: payouts.filter((p) => p.order_id === order.id).map((p) => p.state),
      };
    };
    expect(await seen('held')).toEqual({ status: 'pending_payment', refunded: 'none', payouts: [] });
    expect(await seen('paid')).toEqual({ status: 'paid', refunded: 'none', payouts: ['held'] });
    const released = await seen('payout_released');
    expect(released.status).toBe('paid');
    expect(released.payouts).toHaveLength(1);
    expect(released.payouts[0]).not.toBe('held');
    expect(await seen('partly_refunded')).toMatchObject({ status: 'partially_refunded', refunded: 'part' });
    expect(await seen('refunded')).toMatchObject({ status: 'refunded', refunded: 'all' });
    expect(await seen('payout_held')).toEqual({ status: 'paid', refunded: 'none', payouts: ['held'] });
    expect(await seen('payout_reversed')).toEqual({
      status: 'refunded',
      refunded: 'all',
      payouts: ['reversed'],
    });
  });
});
