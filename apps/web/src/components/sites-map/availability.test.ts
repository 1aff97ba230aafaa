import { describe, expect, it } from 'vitest';
import { availabilityFor } from './availability';

describe('availabilityFor', () => {
  const taken = ['2026-12-02', '2026-12-03'];
  it('is unknown without both dates or with a reversed range', () => {
    expect(availabilityFor(taken, null, '2026-12-03')).toBe('unknown');
    expect(availabilityFor(taken, '2026-12-05', '2026-12-01')).toBe('unknown');
  });
  it('free, partly or booked by how many of the dates are taken', () => {
    expect(availabilityFor(taken, '2026-12-04', '2026-12-10')).toBe('free');
    expect(availabilityFor(taken, '2026-12-01', '2026-12-02')).toBe('partly');
    expect(availabilityFor(taken, '2026-12-02', '2026-12-03')).toBe('booked');
    expect(availabilityFor([], '2026-12-02', '2026-12-02')).toBe('free');
  });
});
