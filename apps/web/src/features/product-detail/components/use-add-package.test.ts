import type { ProductPackage } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import type { StoredCampaign } from '../../../lib/stores';
import { packageCampaignBody, packageInCart } from './use-add-package';

const deal: ProductPackage = {
  id: 4,
  name: 'Ring road pair',
  from_date: '2026-12-01',
  to_date: '2026-12-15',
  price: 30_000,
  rate_card_price: 42_000,
  saving: 12_000,
  sites: [
    { id: 10, product_id: 'HYD-10', name: 'East', city: 'Hyderabad', minimum_days: 7 },
    { id: 11, product_id: 'HYD-11', name: 'West', city: 'Hyderabad', minimum_days: 7 },
  ],
};

const campaign = (id: number, lines: Array<[number, string, string]>): StoredCampaign => ({
  id,
  type: 'customized',
  name: `Campaign ${id}`,
  products: lines.map(([productId, from, to]) => ({
    from_date: from,
    to_date: to,
    product: {
      id: productId,
      name: `Site ${productId}`,
      price: 1000,
      booking_duration: 7,
      unavailable_dates: [],
      images: [],
    },
  })),
});

describe('Add the package', () => {
  it("asks for one campaign of every site with exactly the package's dates", () => {
    expect(packageCampaignBody(deal)).toEqual({
      name: 'Ring road pair',
      products: [
        { product_id: 10, from_date: '2026-12-01', to_date: '2026-12-15' },
        { product_id: 11, from_date: '2026-12-01', to_date: '2026-12-15' },
      ],
    });
  });

  it('finds the package in the cart only when it holds every site for exactly its dates', () => {
    const whole = campaign(1, [
      [10, '2026-12-01', '2026-12-15'],
      [11, '2026-12-01', '2026-12-15'],
    ]);
    expect(packageInCart([whole], deal)).toBe(true);
    // A day short on one site, or one site missing: not the package (the server would not price it so).
    const short = campaign(2, [
      [10, '2026-12-01', '2026-12-15'],
      [11, '2026-12-01', '2026-12-14'],
    ]);
    const half = campaign(3, [[10, '2026-12-01', '2026-12-15']]);
    expect(packageInCart([short], deal)).toBe(false);
    expect(packageInCart([half], deal)).toBe(false);
    // Split over two campaigns it is still the package: the server prices the order's lines together.
    const otherHalf = campaign(4, [[11, '2026-12-01', '2026-12-15']]);
    expect(packageInCart([half, otherHalf], deal)).toBe(true);
  });
});
