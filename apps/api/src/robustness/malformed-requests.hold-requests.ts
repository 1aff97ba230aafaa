import {
  bearer,
  buyer,
  type Fixture,
  nextWindow,
  ok,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** A fresh buyer's hold (decision 082) of the fixture's second site on a week of its own. */
async function heldSite(f: Fixture): Promise<{ token: string; id: number }> {
  const { token } = await buyer(f.ctx);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/holds',
      body: { product_id: f.siteIds[1], ...nextWindow(f.ctx) },
      headers: bearer(token),
    }),
    'hold a site',
  );
  return { token, id: made.id as number };
}

/** The holds' calls, each valid as built (the hostile-text sweep's starting points). */
export const holdRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'POST /api/holds': async (f) => ({
    method: 'POST',
    route: '/api/holds',
    body: { product_id: f.siteIds[0], ...nextWindow(f.ctx) },
    headers: bearer((await buyer(f.ctx)).token),
  }),
  'GET /api/holds/sites': async (f) => ({
    method: 'GET',
    route: '/api/holds/sites',
    query: { product_ids: f.siteIds.join(',') },
    headers: bearer((await buyer(f.ctx)).token),
  }),
  'POST /api/holds/:id/renew': async (f) => {
    const { token, id } = await heldSite(f);
    return {
      method: 'POST',
      route: '/api/holds/:id/renew',
      params: { id: String(id) },
      headers: bearer(token),
    };
  },
  'DELETE /api/holds/:id': async (f) => {
    const { token, id } = await heldSite(f);
    return { method: 'DELETE', route: '/api/holds/:id', params: { id: String(id) }, headers: bearer(token) };
  },
  'POST /api/holds/:id/request': async (f) => {
    const { id } = await heldSite(f);
    const asker = await buyer(f.ctx);
    return {
      method: 'POST',
      route: '/api/holds/:id/request',
      params: { id: String(id) },
      headers: bearer(asker.token),
    };
  },
};
