import { addDays, todayIst } from '@ooh/shared';
import { approvedOwnerToken } from './malformed-requests.owner-state.ts';
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

/** The pricing calls, each valid as built (the sweeps' starting points). */
export const pricingRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/product/:id/price': async (f) => ({
    method: 'GET',
    route: '/api/product/:id/price',
    params: { id: String(f.siteIds[0]) },
    query: nextWindow(f.ctx),
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
};
