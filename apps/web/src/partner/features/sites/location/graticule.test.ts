import { describe, expect, it } from 'vitest';
import { graticuleLines, graticuleStep, roundCoordinate } from './graticule';

describe('graticule', () => {
  it('draws 5-degree lines over India and finer lines when zoomed in', () => {
    const lines = graticuleLines({ south: 6, west: 68, north: 37.5, east: 97.5 }, 4);
    expect(lines.filter((l) => l.kind === 'lat').map((l) => l.value)).toEqual([10, 15, 20, 25, 30, 35]);
    expect(lines.filter((l) => l.kind === 'lng').map((l) => l.value)).toEqual([70, 75, 80, 85, 90, 95]);
    expect(graticuleStep(15)).toBeLessThan(graticuleStep(9));
  });

  it('never draws more than 200 lines a direction, whatever the bounds', () => {
    expect(graticuleLines({ south: -90, west: -180, north: 90, east: 180 }, 16).length).toBeLessThanOrEqual(
      400,
    );
  });

  it('rounds coordinates to 6 decimals', () => {
    expect(roundCoordinate(17.41261234)).toBe(17.412612);
  });
});
