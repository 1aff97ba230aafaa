import { describe, expect, it } from 'vitest';
import { type CodeCounters, generateSite } from './catalogue.ts';

/** Issue 45: a fresh demo's sitemap said every page changed today; each seeded site has its own last change. */
describe('seeded last changes', () => {
  it('spread over the last year and a half, the same for the same seed, without moving the other facts', () => {
    const make = () => {
      const counters: CodeCounters = new Map();
      return Array.from({ length: 200 }, (_, i) => generateSite(7, i, '2026-12-02', counters));
    };
    const sites = make();
    const days = sites.map((s) => s.changedDaysAgo);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...days)).toBeLessThanOrEqual(540);
    expect(new Set(days).size).toBeGreaterThan(100);
    expect(make()).toEqual(sites);
  });
});
