import { describe, expect, it } from 'vitest';
import { creativeAspectWarning, creativeDueDate, ratioName } from './creative-fit.ts';

describe('creative fit', () => {
  it('is due 3 days before the start', () => {
    expect(creativeDueDate('2026-12-01')).toBe('2026-11-28');
  });

  it('names ratios by small whole numbers when it can', () => {
    expect(ratioName(1920, 1080)).toBe('16:9');
    expect(ratioName(30, 10)).toBe('3:1');
    expect(ratioName(1000, 703)).toBe('1.42:1');
  });

  it('warns only beyond 10 % off the site', () => {
    expect(creativeAspectWarning({ width: 1920, height: 1080 }, { width: 30, height: 10 })).toBe(
      'Your artwork is 16:9 (1.78); the site is 3:1 (3.00). It may be cropped or stretched.',
    );
    expect(creativeAspectWarning({ width: 2900, height: 1000 }, { width: 30, height: 10 })).toBeNull();
    expect(creativeAspectWarning({ width: 3400, height: 1000 }, { width: 30, height: 10 })).not.toBeNull();
    expect(creativeAspectWarning({ width: null, height: 1000 }, { width: 30, height: 10 })).toBeNull();
    expect(creativeAspectWarning({ width: 100, height: 100 }, { width: null, height: 10 })).toBeNull();
  });
});
