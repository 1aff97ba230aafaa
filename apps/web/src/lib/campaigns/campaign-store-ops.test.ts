import type { CampaignProductEntry } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import type { StoredCampaign } from '../stores';
import {
  allProductsDated,
  campaignTotalRupees,
  dropStaleDates,
  mergeWorkingDates,
  removeFromCart,
  setAllDates,
  setProductDates,
  upsertById,
} from './campaign-store-ops';

const entry = (
  id: number,
  price: number,
  from: string | null = null,
  to: string | null = null,
): CampaignProductEntry => ({
  from_date: from,
  to_date: to,
  product: { id, name: `Site ${id}`, price, unavailable_dates: [], booking_duration: '7 days', images: [] },
});

const campaign = (
  id: number,
  products: CampaignProductEntry[],
  type: StoredCampaign['type'] = 'standard',
): StoredCampaign => ({
  id,
  type,
  name: `Campaign ${id}`,
  products,
});

describe('allProductsDated', () => {
  it('needs both dates on every product, and at least one product', () => {
    expect(allProductsDated([entry(1, 100, '2026-12-01', '2026-12-08')])).toBe(true);
    expect(allProductsDated([entry(1, 100, '2026-12-01', '2026-12-08'), entry(2, 100, '2026-12-01')])).toBe(
      false,
    );
    expect(allProductsDated([])).toBe(false);
  });
});

describe('cart and campaign lists', () => {
  it('replace an entry with the same id in place, or append', () => {
    const a = campaign(1, []);
    const b = campaign(2, []);
    const a2 = { ...a, name: 'renamed' };
    expect(upsertById([a, b], a2)).toEqual([a2, b]);
    expect(upsertById([a], b)).toEqual([a, b]);
  });

  it('removes only the campaign asked for, by id, customized or not (docs/product-rules.md section 3a)', () => {
    const cart = [
      campaign(1, []),
      campaign(2, [], 'customized'),
      campaign(3, [], 'customized'),
      campaign(4, []),
    ];
    expect(removeFromCart(cart, cart[0]).map((c) => c.id)).toEqual([2, 3, 4]);
    expect(removeFromCart(cart, cart[1]).map((c) => c.id)).toEqual([1, 3, 4]);
  });
});

describe('dates and prices', () => {
  it('price a product by its dates, or by its booking duration without dates', () => {
    // 100/day x 7 days (booking duration) + 250/day x 10 days.
    expect(campaignTotalRupees([entry(1, 100), entry(2, 250, '2026-12-01', '2026-12-11')])).toBe(3200);
  });

  it('set one product or every product, recomputing entry prices and the total', () => {
    const c = campaign(1, [entry(1, 100), entry(2, 200)]);
    const one = setProductDates(c, 2, { from_date: '2026-12-01', to_date: '2026-12-03' });
    expect(one.products[1]).toMatchObject({ from_date: '2026-12-01', to_date: '2026-12-03', price: 400 });
    expect(one.products[0].from_date).toBeNull();
    expect(one.price).toBe(1100);
    const all = setAllDates(c, { from_date: '2026-12-01', to_date: '2026-12-11' });
    expect(all.products.every((e) => e.from_date === '2026-12-01' && e.to_date === '2026-12-11')).toBe(true);
    expect(all.price).toBe(3000);
    expect(all.total_locations).toBe(2);
  });

  it("keep the user's dates over a fresh server copy, for the products both have", () => {
    const stored = campaign(1, [
      entry(1, 100, '2027-01-01', '2027-01-08'),
      entry(9, 100, '2027-01-01', '2027-01-08'),
    ]);
    const fresh = campaign(1, [entry(1, 120), entry(2, 100, '2027-02-01', '2027-02-08')]);
    const merged = mergeWorkingDates(fresh, stored);
    expect(merged.products.map((e) => [e.product.id, e.from_date, e.to_date, e.price])).toEqual([
      [1, '2027-01-01', '2027-01-08', 840],
      [2, '2027-02-01', '2027-02-08', 700],
    ]);
    expect(mergeWorkingDates(fresh, undefined).products[0].from_date).toBeNull();
  });

  it('drop ranges that no longer start at least a week from today', () => {
    const c = campaign(1, [
      entry(1, 100, '2026-11-20', '2026-11-27'),
      entry(2, 100, '2026-12-01', '2026-12-08'),
    ]);
    const cleaned = dropStaleDates(c, '2026-11-29');
    expect(cleaned.products.map((e) => e.from_date)).toEqual([null, '2026-12-01']);
    expect(cleaned.products[0].to_date).toBeNull();
    const fine = campaign(2, [entry(2, 100, '2026-12-01', '2026-12-08')]);
    expect(dropStaleDates(fine, '2026-11-29')).toBe(fine);
  });
});
