import { addDays } from '@ooh/shared';
import {
  approvedOwnerToken,
  ownerProofLine,
  ownerSite,
  ownerSiteWithBlock,
  samplePhoto,
  sweepSite,
} from './malformed-requests.owner-state.ts';
import {
  bearer,
  type Fixture,
  nextWindow,
  operatorToken,
  placedOrder,
  type ValidRequest,
} from './malformed-requests.state.ts';

const bookingsQuery = (siteId: number, format: 'json' | 'csv') => ({
  site_id: String(siteId),
  from: '2026-12-01',
  to: '2026-12-31',
  status: 'upcoming',
  format,
  page: '1',
  page_size: '10',
});

/** The sweep's valid requests of the owners' sites, blocks, calendar, bookings, photos and proofs, and the operator's site review. */
export const siteRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/partner/sites/:id/blocks': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/sites/:id/blocks',
      params: { id: String(siteId) },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/blocks': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    const days = nextWindow(f.ctx);
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/blocks',
      params: { id: String(siteId) },
      // One day: to_date is the day after it.
      body: {
        from_date: days.from_date,
        to_date: addDays(days.from_date, 1),
        reason: 'Maintenance of the frame',
      },
      headers: { ...bearer(token), 'idempotency-key': `block-${siteId}-key` },
    };
  },
  'DELETE /api/partner/sites/:id/blocks/:blockId': async (f) => {
    const { token, siteId, blockId } = await ownerSiteWithBlock(f);
    return {
      method: 'DELETE',
      route: '/api/partner/sites/:id/blocks/:blockId',
      params: { id: String(siteId), blockId: String(blockId) },
      headers: bearer(token),
    };
  },
  'GET /api/partner/calendar': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/calendar',
      query: { month: '2026-12', site_id: String(siteId), page: '1', page_size: '10' },
      headers: bearer(token),
    };
  },
  'GET /api/partner/bookings': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/bookings',
      query: bookingsQuery(siteId, 'json'),
      headers: bearer(token),
    };
  },
  'GET /api/partner/bookings.csv': async (f) => {
    const { token, siteId } = await ownerSiteWithBlock(f);
    return {
      method: 'GET',
      route: '/api/partner/bookings.csv',
      query: bookingsQuery(siteId, 'csv'),
      headers: bearer(token),
    };
  },
  // The media owner's sites (issue 11): an approved owner's own site, made through the API.
  'GET /api/partner/sites': async (f) => ({
    method: 'GET',
    route: '/api/partner/sites',
    query: { page: '1', page_size: '10', status: 'draft', search: 'Andheri' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'POST /api/partner/sites': async (f) => ({
    method: 'POST',
    route: '/api/partner/sites',
    body: sweepSite(),
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/partner/sites/:id': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft');
    return {
      method: 'GET',
      route: '/api/partner/sites/:id',
      params: { id: String(siteId) },
      headers: bearer(token),
    };
  },
  'PATCH /api/partner/sites/:id': async (f) => {
    const { token, siteId } = await ownerSite(f, 'live');
    // A live site: the reviewed fields go to pending_changes, the rest apply at once.
    return {
      method: 'PATCH',
      route: '/api/partner/sites/:id',
      params: { id: String(siteId) },
      body: sweepSite(),
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/bulk': async (f) => {
    const { token, siteId } = await ownerSite(f, 'live');
    const days = nextWindow(f.ctx);
    return {
      method: 'POST',
      route: '/api/partner/sites/bulk',
      body: {
        action: 'block',
        site_ids: [siteId],
        from_date: days.from_date,
        to_date: days.to_date,
        reason: 'Sold offline',
      },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/status': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft', true);
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/status',
      params: { id: String(siteId) },
      body: { action: 'submit' },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/photos': async (f) => {
    const { token, siteId } = await ownerSite(f, 'draft');
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/photos',
      params: { id: String(siteId) },
      headers: bearer(token),
      file: { bytes: await samplePhoto(), filename: 'site.png', contentType: 'image/png' },
    };
  },
  'DELETE /api/partner/sites/:id/photos/:photoId': async (f) => {
    const { token, siteId, photoId } = await ownerSite(f, 'draft', true);
    return {
      method: 'DELETE',
      route: '/api/partner/sites/:id/photos/:photoId',
      params: { id: String(siteId), photoId: String(photoId) },
      headers: bearer(token),
    };
  },
  'POST /api/partner/sites/:id/photos/:photoId/cover': async (f) => {
    const { token, siteId, photoId } = await ownerSite(f, 'draft', true);
    return {
      method: 'POST',
      route: '/api/partner/sites/:id/photos/:photoId/cover',
      params: { id: String(siteId), photoId: String(photoId) },
      headers: bearer(token),
    };
  },
  'GET /api/media/site-photos/:siteId/:file': async (f) => {
    const { siteId, photoUrl } = await ownerSite(f, 'draft', true);
    return {
      method: 'GET',
      route: '/api/media/site-photos/:siteId/:file',
      params: { siteId: String(siteId), file: String(photoUrl?.split('/').at(-1)) },
    };
  },
  'POST /api/partner/lines/:lineId/proofs': async (f) => {
    const { token, lineId } = await ownerProofLine(f);
    return {
      method: 'POST',
      route: '/api/partner/lines/:lineId/proofs',
      params: { lineId: String(lineId) },
      headers: bearer(token),
      file: { bytes: await samplePhoto(), filename: 'proof.png', contentType: 'image/png' },
    };
  },
  'GET /api/proofs/:id/image': async (f) => {
    const { buyerToken, proofId } = await ownerProofLine(f);
    return {
      method: 'GET',
      route: '/api/proofs/:id/image',
      params: { id: String(proofId) },
      headers: bearer(buyerToken),
    };
  },
  'DELETE /api/partner/proofs/:id': async (f) => {
    const { token, proofId } = await ownerProofLine(f);
    return {
      method: 'DELETE',
      route: '/api/partner/proofs/:id',
      params: { id: String(proofId) },
      headers: bearer(token),
    };
  },
  'GET /api/ops/orders/:id/proofs': async (f) => ({
    method: 'GET',
    route: '/api/ops/orders/:id/proofs',
    params: { id: String((await placedOrder(f, 0)).orderId) },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/sites': async (f) => ({
    method: 'GET',
    route: '/api/ops/sites',
    query: { status: 'pending', page: '1', page_size: '10', search: 'Andheri' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/sites/:id': async (f) => ({
    method: 'GET',
    route: '/api/ops/sites/:id',
    params: { id: String(f.siteIds[0]) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/approve': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/approve',
    params: { id: String((await ownerSite(f, 'pending')).siteId) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/reject': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/reject',
    params: { id: String((await ownerSite(f, 'pending')).siteId) },
    body: { reason: 'The photos show another road' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/sites/:id/audience': async (f) => ({
    method: 'POST',
    route: '/api/ops/sites/:id/audience',
    params: { id: String(f.siteIds[0]) },
    body: { verified: true },
    headers: bearer(await operatorToken(f)),
  }),
};
