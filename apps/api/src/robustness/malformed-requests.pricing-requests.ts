import { addDays, todayIst } from '@ooh/shared';
import { approvedOwnerToken, ownerSite } from './malformed-requests.owner-state.ts';
import { bearer, type Fixture, nextWindow, ok, send, type ValidRequest } from './malformed-requests.state.ts';

/** A seasonal rule of a fresh approved owner (decision 081), to be removed. */
async function ownRule(f: Fixture): Promise<{ token: string; id: number }> {
  const token = await approvedOwnerToken(f);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/pricing-rules',
      body: seasonal(f),
      headers: bearer(token),
    }),
    'add a pricing rule',
  );
  return { token, id: made.id as number };
}

const seasonal = (f: Fixture) => {
  const from = addDays(todayIst(f.ctx.clock.now()), 30);
  return { kind: 'seasonal', name: 'Diwali', percent: 15, from_date: from, to_date: addDays(from, 20) };
};

/** A package of two live sites of a fresh approved owner (decision 090), as its token and body. */
async function packageBody(f: Fixture): Promise<{ token: string; body: Record<string, unknown> }> {
  const first = await ownerSite(f, 'live');
  const second = await ownerSite(f, 'live', false, first.token);
  const from = addDays(todayIst(f.ctx.clock.now()), 30);
  return {
    token: first.token,
    body: {
      name: 'Ring road pair',
      product_ids: [first.siteId, second.siteId],
      from_date: from,
      to_date: addDays(from, 14),
      price: 25_000,
      notes: 'Both faces',
    },
  };
}

/** The pricing calls, each valid as built (the sweeps' starting points). */
export const pricingRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/product/:id/price': async (f) => ({
    method: 'GET',
    route: '/api/product/:id/price',
    params: { id: String(f.siteIds[0]) },
    query: nextWindow(f.ctx),
  }),
  'GET /api/product/:id/packages': async (f) => ({
    method: 'GET',
    route: '/api/product/:id/packages',
    params: { id: String(f.siteIds[0]) },
  }),
  'POST /api/partner/pricing-rules': async (f) => ({
    method: 'POST',
    route: '/api/partner/pricing-rules',
    body: seasonal(f),
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'DELETE /api/partner/pricing-rules/:id': async (f) => {
    const { token, id } = await ownRule(f);
    return {
      method: 'DELETE',
      route: '/api/partner/pricing-rules/:id',
      params: { id: String(id) },
      headers: bearer(token),
    };
  },
  'POST /api/partner/packages': async (f) => {
    const { token, body } = await packageBody(f);
    return { method: 'POST', route: '/api/partner/packages', body, headers: bearer(token) };
  },
  'DELETE /api/partner/packages/:id': async (f) => {
    const { token, body } = await packageBody(f);
    const made = await ok(
      await send(f.ctx, { method: 'POST', route: '/api/partner/packages', body, headers: bearer(token) }),
      'add a package',
    );
    return {
      method: 'DELETE',
      route: '/api/partner/packages/:id',
      params: { id: String(made.id) },
      headers: bearer(token),
    };
  },
};
