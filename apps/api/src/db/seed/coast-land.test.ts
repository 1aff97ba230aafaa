import { coastTileName } from '@ooh/shared/coast';
import { describe, expect, it } from 'vitest';
import { isOnLand } from './coast-land.ts';

const land = (lat: number, lng: number) => isOnLand(lng, lat);

/** The 20 m OpenStreetMap coastline (docs/decisions/045-map-clusters-and-coastline.md). */
describe('the fine coastline', () => {
  it('names a point’s 1° tile by its south-west corner', () => {
    expect(coastTileName(72.8235, 18.9432)).toBe('72_18');
    expect(coastTileName(-0.5, -0.5)).toBe('-1_-1');
  });

  it('puts Mumbai’s sea front on land and the bay beside it in the sea', () => {
    // Marine Drive's promenade, Bandra's Bandstand, Juhu: land. The bay and the Arabian Sea off them: sea.
    expect(land(18.9432, 72.8235)).toBe(true);
    expect(land(19.0435, 72.8195)).toBe(true);
    expect(land(19.0988, 72.8296)).toBe(true);
    expect(land(18.94, 72.812)).toBe(false);
    expect(land(19.05, 72.8)).toBe(false);
    expect(land(19.1, 72.81)).toBe(false);
  });

  it('knows inland cities and open sea', () => {
    expect(land(28.6139, 77.209)).toBe(true);
    expect(land(12.9716, 77.5946)).toBe(true);
    expect(land(15, 70)).toBe(false);
    // Outside the built box nothing is known: land, so the seed moves nothing there.
    expect(land(51.5, -0.12)).toBe(true);
    expect(land(13.0827, 80.2907)).toBe(true);
    expect(land(13.08, 80.35)).toBe(false);
  });
});
