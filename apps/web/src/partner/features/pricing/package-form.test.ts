import { describe, expect, it } from 'vitest';
import { packageBodyOf, packageFieldOf } from './package-form';

describe('the package form', () => {
  const typed = {
    name: 'Highway week',
    sites: [3, 5],
    first_day: '2026-12-10',
    last_day: '2026-12-16',
    price: '₹1,20,000',
    notes: '',
  };

  it('sends the ticked sites, the day after the last day and the price in rupees', () => {
    expect(packageBodyOf(typed)).toEqual({
      ok: true,
      body: {
        name: 'Highway week',
        product_ids: [3, 5],
        from_date: '2026-12-10',
        to_date: '2026-12-17',
        price: 120_000,
      },
    });
  });

  it("puts the shared schema's messages on the fields they belong to", () => {
    const result = packageBodyOf({ ...typed, sites: [3], price: 'lots' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.sites).toBe('A package holds at least 2 sites');
    expect(result.errors.price).toBe('Give the price in rupees');
    const backwards = packageBodyOf({ ...typed, last_day: '2026-12-01' });
    expect(!backwards.ok && backwards.errors.last_day).toBe('to_date must be after from_date');
    // The server's word on a site (another owner's, not live) lands on the sites.
    expect(packageFieldOf('product_ids')).toBe('sites');
    expect(packageFieldOf('product_ids.1')).toBe('sites');
  });
});
