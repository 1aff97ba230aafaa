import type { PricingRule } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_RULE, ruleBodyOf, ruleText } from './rule-form';

describe('the pricing rules form', () => {
  it('sends a season with the day after its last day, as the API keeps ranges', () => {
    const result = ruleBodyOf({
      ...EMPTY_RULE,
      name: 'Diwali',
      percent: '20',
      first_day: '2026-10-20',
      last_day: '2026-11-05',
    });
    expect(result).toEqual({
      ok: true,
      body: { kind: 'seasonal', name: 'Diwali', percent: 20, from_date: '2026-10-20', to_date: '2026-11-06' },
    });
  });

  it('sends a volume discount by sites or by value, never both', () => {
    const base = { ...EMPTY_RULE, kind: 'volume' as const, name: 'Five or more', percent: '10' };
    expect(ruleBodyOf({ ...base, minimum: '5' })).toMatchObject({ ok: true, body: { min_sites: 5 } });
    const byValue = ruleBodyOf({ ...base, threshold: 'value', minimum: '1,00,000' });
    expect(byValue).toMatchObject({ ok: true, body: { min_value: 100_000 } });
    expect(byValue.ok && 'min_sites' in byValue.body).toBe(false);
  });

  it('sends the ticked sites of a season, and none for every site', () => {
    const season = {
      ...EMPTY_RULE,
      name: 'Fair',
      percent: '10',
      first_day: '2026-10-20',
      last_day: '2026-10-22',
    };
    expect(ruleBodyOf({ ...season, sites: [4, 9] })).toMatchObject({
      ok: true,
      body: { product_ids: [4, 9] },
    });
    const every = ruleBodyOf(season);
    expect(every.ok && 'product_ids' in every.body).toBe(false);
    const twice = ruleBodyOf({ ...season, sites: [4, 4] });
    expect(!twice.ok && twice.errors.sites).toBe('Each site once');
  });

  it("puts the shared schema's messages on the fields they belong to", () => {
    const result = ruleBodyOf({ ...EMPTY_RULE, kind: 'volume', name: 'Big', percent: '95', minimum: '1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.percent).toBe('A discount is between 0.01 and 90 percent');
    expect(result.errors.minimum).toBe('At least 2 sites');
    const blank = ruleBodyOf({ ...EMPTY_RULE, kind: 'volume', name: 'Big', percent: '5', minimum: '' });
    expect(!blank.ok && blank.errors.minimum).toBe('Give a number of sites');
    const season = ruleBodyOf({ ...EMPTY_RULE, name: 'Odd', percent: 'ten', first_day: '2026-10-20' });
    expect(season.ok).toBe(false);
    if (!season.ok) expect(Object.keys(season.errors).sort()).toEqual(['last_day', 'percent']);
  });

  it('reads a rule back in words', () => {
    const rule = (r: Partial<PricingRule>): PricingRule => ({
      id: 1,
      kind: 'seasonal',
      name: 'Diwali',
      percent: 20,
      from_date: '2026-10-20',
      to_date: '2026-11-06',
      min_sites: null,
      min_value: null,
      product_ids: null,
      created_at: '2026-10-01T00:00:00Z',
      ...r,
    });
    expect(ruleText(rule({}))).toBe('+20 % on 20 Oct 2026 - 5 Nov 2026, on every site');
    expect(ruleText(rule({ product_ids: [4, 9] }))).toBe(
      '+20 % on 20 Oct 2026 - 5 Nov 2026, on 2 chosen sites',
    );
    expect(ruleText(rule({ percent: -12.5 }))).toMatch(/^-12.5 % on/);
    expect(
      ruleText(rule({ kind: 'volume', percent: 10, from_date: null, to_date: null, min_sites: 5 })),
    ).toBe('10 % off for 5 or more of your sites in one order');
    expect(
      ruleText(rule({ kind: 'volume', percent: 5, from_date: null, to_date: null, min_value: 100_000 })),
    ).toBe('5 % off for your sites in one order worth more than ₹1,00,000.00 before GST');
  });
});
