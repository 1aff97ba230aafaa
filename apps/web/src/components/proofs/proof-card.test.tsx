import type { Proof } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProofSource } from './proof-card';

afterEach(cleanup);

const proof = (over: Partial<Proof>): Proof => ({
  id: 1,
  image_url: '/api/proofs/1/image',
  taken_at: '2026-11-30T04:45:00.000Z',
  latitude: null,
  longitude: null,
  distance_m: null,
  camera: null,
  exif_stripped: false,
  verified: true,
  reasons: [],
  uploaded_at: '2026-11-30T05:00:00.000Z',
  ...over,
});

/** Issue 20: the owner and the buyer see where a proof photo seems to come from, as a hint. */
describe('ProofSource', () => {
  it('names the camera of the photo', () => {
    render(<ProofSource proof={proof({ camera: 'Apple iPhone 13' })} />);
    expect(screen.getByTestId('proof-source').textContent).toBe('Camera: Apple iPhone 13');
  });

  it('says a photo without any EXIF may have come through a messaging app, as a hint, not a verdict', () => {
    render(<ProofSource proof={proof({ exif_stripped: true })} />);
    const text = screen.getByTestId('proof-source').textContent ?? '';
    expect(text).toMatch(/may have been sent through a messaging app/);
    expect(text).toMatch(/A hint,\s+not a verdict\./);
  });

  it('shows nothing when the photo has EXIF but names no camera', () => {
    render(<ProofSource proof={proof({})} />);
    expect(screen.queryByTestId('proof-source')).toBeNull();
  });
});
