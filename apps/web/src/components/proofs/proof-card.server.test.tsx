// @vitest-environment node

import { text } from 'node:stream/consumers';
import type { Proof } from '@ooh/shared';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { ProofCard } from './proof-card';

const proof: Proof = {
  id: 1,
  image_url: '/api/proofs/1/image',
  taken_at: '2026-11-30T04:45:00.000Z',
  latitude: 19.0761,
  longitude: 72.8778,
  distance_m: 40,
  camera: null,
  exif_stripped: false,
  verified: true,
  reasons: [],
  uploaded_at: '2026-11-30T05:00:00.000Z',
};

/**
 * A buyer's order page is rendered on the server (routes/order.tsx), proofs included. Leaflet needs a window,
 * so the proof's map must wait for the browser: rendered with the map's module, the page answered 500.
 */
describe('ProofCard on the server', () => {
  it('renders the proof with a place for its map, waiting for everything as the server does, with no error', async () => {
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <ProofCard
        proof={proof}
        site={{ name: 'Marine Drive Hoarding', latitude: 19.0762, longitude: 72.8779 }}
      />,
      { onError: (error) => void errors.push(error) },
    );
    const html = await text(prelude);
    expect(errors).toEqual([]);
    expect(html).toContain('data-testid="proof-card"');
    expect(html).toContain('40 m from the site');
  });
});
