import { application } from '../../test/factory.ts';
import { ADMIN, ALL, get, type MatrixEntry } from './permission-matrix.entry.ts';

/** A valid new site (no site code: the server assigns one, so repeats never collide). */
const SITE_BODY = {
  name: 'Matrix Hoarding',
  description: 'A lit hoarding at the junction.',
  category: 'hoarding',
  price: 1500,
  booking_duration: 7,
  address: 'FC Road, near the college gate',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  pin_code: '411004',
  latitude: 18.52,
  longitude: 73.85,
  width_ft: 40,
  height_ft: 20,
  lighting: 'Front Lit',
};

/** The owner's room: onboarding, sites, blocks, proofs, the job sheet, import and export, the team. */
export const OWNER_TOOLS_ENTRIES: Record<string, MatrixEntry> = {
  // Onboarding (docs/product-rules.md section 7).
  'POST /api/partner/apply': {
    access: 'signed-in',
    request: () => ({ method: 'POST', url: '/api/partner/apply', body: application(), freshBuyer: true }),
  },
  'GET /api/partner/me': { access: 'member-any', request: () => get('/api/partner/me') },

  // Sites and their photos (docs/product-rules.md section 8).
  'GET /api/partner/sites': { roles: ALL, access: 'approved', request: () => get('/api/partner/sites') },
  'POST /api/partner/sites': {
    access: 'approved',
    request: () => ({ method: 'POST', url: '/api/partner/sites', body: SITE_BODY }),
  },
  'POST /api/partner/sites/bulk': {
    access: 'approved',
    request: async (s) => ({
      method: 'POST',
      url: '/api/partner/sites/bulk',
      body: { action: 'pause', site_ids: [await s.freshSiteA()] },
    }),
  },
  'GET /api/partner/sites/:id': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/sites/${s.siteA.id}`),
  },
  'PATCH /api/partner/sites/:id': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({ method: 'PATCH', url: `/api/partner/sites/${s.siteA.id}`, body: { price: 1750 } }),
  },
  'POST /api/partner/sites/:id/status': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${await s.freshSiteA()}/status`,
      body: { action: 'pause' },
    }),
  },
  'POST /api/partner/sites/:id/photos': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/photos`,
      file: { field: 'file', filename: 'site.jpg', contentType: 'image/jpeg', content: s.jpeg },
    }),
  },
  'DELETE /api/partner/sites/:id/photos/:photoId': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/sites/${s.siteA.id}/photos/${await s.freshPhotoA()}`,
    }),
  },
  'POST /api/partner/sites/:id/photos/:photoId/cover': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/photos/${await s.freshPhotoA()}/cover`,
    }),
  },

  // Blocks, the calendar and the bookings list (docs/product-rules.md section 8).
  'GET /api/partner/sites/:id/blocks': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/sites/${s.siteA.id}/blocks`),
  },
  'POST /api/partner/sites/:id/blocks': {
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/sites/${s.siteA.id}/blocks`,
      body: { ...s.nextBlockDates(), reason: 'Repainting the frame' },
    }),
  },
  'DELETE /api/partner/sites/:id/blocks/:blockId': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/sites/${s.siteA.id}/blocks/${await s.freshBlockA()}`,
    }),
  },
  'GET /api/partner/calendar': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => get(`/api/partner/calendar?month=2027-01&site_id=${s.siteA.id}`),
  },
  'GET /api/partner/bookings': {
    roles: ALL,
    access: 'approved',
    request: () => get('/api/partner/bookings'),
  },
  'GET /api/partner/bookings.csv': {
    roles: ALL,
    access: 'approved',
    request: () => get('/api/partner/bookings.csv'),
  },

  // Proofs of posting (docs/product-rules.md section 9, decision 029).
  'GET /api/partner/proofs': { roles: ALL, access: 'approved', request: () => get('/api/partner/proofs') },
  'POST /api/partner/lines/:lineId/proofs': {
    roles: ALL,
    access: 'approved',
    ownedByA: true,
    request: (s) => ({
      method: 'POST',
      url: `/api/partner/lines/${s.paidLineA}/proofs`,
      file: { field: 'file', filename: 'proof.jpg', contentType: 'image/jpeg', content: s.jpeg },
    }),
  },

  // The mounting crew's job sheet (decision 046): every member, field included.
  'GET /api/partner/lines/:lineId/job-sheet.pdf': {
    access: 'approved',
    roles: ALL,
    ownedByA: true,
    request: (s) => get(`/api/partner/lines/${s.paidLineA}/job-sheet.pdf`),
  },

  'DELETE /api/partner/proofs/:id': {
    access: 'approved',
    roles: ALL,
    ownedByA: true,
    request: async (s) => ({ method: 'DELETE', url: `/api/partner/proofs/${await s.freshProofA()}` }),
  },

  // Bulk import (docs/product-rules.md section 8).
  'GET /api/partner/sites/import/template.csv': {
    access: 'member',
    request: () => get('/api/partner/sites/import/template.csv'),
  },
  // The export (issue 22): the template's columns, admins and managers as every bulk action.
  'GET /api/partner/sites/export.csv': {
    access: 'approved',
    request: (s) => get(`/api/partner/sites/export.csv?ids=${s.siteA.id}`),
  },
  'GET /api/partner/sites/export.xlsx': {
    access: 'approved',
    request: () => get('/api/partner/sites/export.xlsx?status=live'),
  },
  'POST /api/partner/sites/photo-match': {
    access: 'approved',
    request: () => ({
      method: 'POST',
      url: '/api/partner/sites/photo-match',
      body: { file_names: ['MUM-0042.jpg'] },
    }),
  },
  'POST /api/partner/sites/import': {
    access: 'approved',
    request: (s) => ({
      method: 'POST',
      url: '/api/partner/sites/import?dry_run=true',
      file: { field: 'file', filename: 'sites.csv', contentType: 'text/csv', content: s.importCsv },
    }),
  },

  // Pricing rules (decision 081): admins and managers; another owner's rule is not found.
  'GET /api/partner/pricing-rules': {
    access: 'approved',
    request: () => get('/api/partner/pricing-rules'),
  },
  'POST /api/partner/pricing-rules': {
    access: 'approved',
    request: () => ({
      method: 'POST',
      url: '/api/partner/pricing-rules',
      body: { kind: 'volume', name: 'Three sites', percent: 5, min_sites: 3 },
    }),
  },
  'DELETE /api/partner/pricing-rules/:id': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => {
      const made = await s.ctx.app.inject({
        method: 'POST',
        url: '/api/partner/pricing-rules',
        headers: { authorization: `Bearer ${s.tokens.ownerA}` },
        payload: { kind: 'volume', name: 'Four sites', percent: 5, min_sites: 4 },
      });
      if (made.statusCode !== 201) throw new Error(`owner A's rule: ${made.body}`);
      return { method: 'DELETE', url: `/api/partner/pricing-rules/${made.json().id}` };
    },
  },

  // Packages (decision 090): admins and managers; another owner's package is not found, another owner's
  // sites are a 400 naming product_ids.
  'GET /api/partner/packages': {
    access: 'approved',
    request: () => get('/api/partner/packages'),
  },
  'POST /api/partner/packages': {
    access: 'approved',
    request: () => ({
      method: 'POST',
      url: '/api/partner/packages',
      body: {
        name: 'Pair',
        product_ids: [1, 2],
        from_date: '2027-03-01',
        to_date: '2027-03-15',
        price: 9000,
      },
    }),
  },
  'DELETE /api/partner/packages/:id': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => {
      const made = await s.ctx.app.inject({
        method: 'POST',
        url: '/api/partner/packages',
        headers: { authorization: `Bearer ${s.tokens.ownerA}` },
        payload: {
          name: 'Pair',
          product_ids: [s.siteA.id, await s.freshSiteA()],
          from_date: '2027-03-01',
          to_date: '2027-03-15',
          price: 9000,
        },
      });
      if (made.statusCode !== 201) throw new Error(`owner A's package: ${made.body}`);
      return { method: 'DELETE', url: `/api/partner/packages/${made.json().id}` };
    },
  },

  // The owner's team (decision 046): its admins only.
  'GET /api/partner/members': {
    access: 'approved',
    roles: ADMIN,
    request: () => get('/api/partner/members'),
  },
  'POST /api/partner/members': {
    access: 'approved',
    roles: ADMIN,
    request: (s) => ({
      method: 'POST',
      url: '/api/partner/members',
      body: { phone_number: s.freshPhone(), role: 'field' },
    }),
  },
  'DELETE /api/partner/members/:userId': {
    access: 'approved',
    roles: ADMIN,
    ownedByA: true,
    request: async (s) => ({ method: 'DELETE', url: `/api/partner/members/${await s.freshMemberA()}` }),
  },

  'DELETE /api/partner/members/invitations/:invitationId': {
    access: 'approved',
    roles: ADMIN,
    ownedByA: true,
    request: async (s) => ({
      method: 'DELETE',
      url: `/api/partner/members/invitations/${await s.freshInvitationA()}`,
    }),
  },
};
