import type { CampaignProductEntry, Product } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import type { StoredCampaign } from '../stores';
import {
  bookingItems,
  campaignSpan,
  cartTotalPaise,
  cartTotalRupees,
  matchProblems,
  quotedLines,
  refreshSnapshots,
  removeFromCart,
  undatedLines,
  upsertById,
  withQuotes,
} from './cart-lines';

const entry = (id: number, price: number, from: string | null, to: string | null): CampaignProductEntry => ({
  from_date: from,
  to_date: to,
  product: { id, name: `Site ${id}`, price, unavailable_dates: [], booking_duration: 7, images: [] },
});

const campaign = (
  id: number,
  type: StoredCampaign['type'],
  products: CampaignProductEntry[],
): StoredCampaign => ({
  id,
  type,
  name: `Campaign ${id}`,
  products,
});

const standard = campaign(1, 'standard', [
  entry(10, 1000.5, '2026-12-01', '2026-12-08'),
  entry(11, 250, '2026-12-05', '2026-12-20'),
]);
const custom = campaign(2, 'customized', [entry(12, 99.99, '2027-01-01', '2027-01-31')]);

describe('cart prices and durations', () => {
  it('sums daily price x days per site in paise, across campaigns', () => {
    // 1000.50 x 7 + 250 x 15 + 99.99 x 30
    expect(cartTotalPaise([standard, custom])).toBe(700350 + 375000 + 299970);
    expect(cartTotalRupees([standard, custom])).toBe(13753.2);
  });

  it('prices an undated site by its minimum booking duration', () => {
    expect(cartTotalPaise([campaign(3, 'standard', [entry(13, 100, null, null)])])).toBe(70000);
  });

  it('spans a campaign from its earliest start to its latest end', () => {
    expect(campaignSpan(standard)).toEqual({ from: '2026-12-01', to: '2026-12-20', days: 19 });
    expect(campaignSpan(campaign(4, 'standard', [entry(14, 1, '2026-12-01', null)]))).toBeNull();
  });
});

describe('cart lines for the server', () => {
  it('sends every dated site with its campaign and kind', () => {
    expect(bookingItems([standard, custom])).toEqual([
      { from_date: '2026-12-01', to_date: '2026-12-08', product_id: 10, campaign_id: 1, customized: false },
      { from_date: '2026-12-05', to_date: '2026-12-20', product_id: 11, campaign_id: 1, customized: false },
      { from_date: '2027-01-01', to_date: '2027-01-31', product_id: 12, campaign_id: 2, customized: true },
    ]);
  });

  it('names the sites still without dates', () => {
    const partial = campaign(5, 'customized', [
      entry(15, 1, '2026-12-01', null),
      entry(16, 1, '2026-12-01', '2026-12-09'),
    ]);
    expect(undatedLines([standard, partial])).toEqual([
      { campaignId: 5, campaignName: 'Campaign 5', productName: 'Site 15' },
    ]);
  });

  it('ties refused lines back to their campaign, in order, even when a site repeats', () => {
    const twice = campaign(6, 'standard', [entry(12, 99.99, '2027-01-01', '2027-01-31')]);
    const problems = matchProblems(
      [custom, twice],
      [12, 12].map((product_id) => ({
        product_id,
        name: 'Site 12',
        from_date: '2027-01-01',
        to_date: '2027-01-31',
        reason: 'booked' as const,
        message: 'Taken.',
      })),
    );
    expect(problems.map((p) => p.campaignId)).toEqual([2, 6]);
  });
});

describe('cart store rules', () => {
  it('replaces an entry with the same id', () => {
    const renamed = { ...standard, name: 'Renamed' };
    expect(upsertById([standard, custom], renamed).map((c) => c.name)).toEqual(['Renamed', 'Campaign 2']);
    expect(upsertById([standard], custom)).toHaveLength(2);
  });

  it('removes only the campaign asked for, by id, customized or not (docs/product-rules.md section 3a)', () => {
    const other = campaign(7, 'customized', []);
    expect(removeFromCart([standard, custom, other], custom).map((c) => c.id)).toEqual([1, 7]);
    expect(removeFromCart([standard, custom, other], standard).map((c) => c.id)).toEqual([2, 7]);
  });

  it('refreshes prices from the catalogue, and keeps the same array when nothing changed', () => {
    const product = (id: number, price: number) =>
      ({ id, name: `Site ${id}`, price, unavailable_dates: [], booking_duration: 7 }) as unknown as Product;
    const same = new Map([[12, product(12, 99.99)]]);
    const cart = [custom];
    expect(refreshSnapshots(cart, same)).toBe(cart);
    const dearer = refreshSnapshots(cart, new Map([[12, product(12, 120)]]));
    expect(dearer).not.toBe(cart);
    expect(dearer[0].products[0].product.price).toBe(120);
    expect(dearer[0].price).toBe(3600);
    expect(cartTotalPaise(dearer)).toBe(360000);
  });
});

describe("the server's quotes", () => {
  const weekly = [
    {
      kind: 'base' as const,
      label: 'Weekly rate',
      days: 7,
      rate: 900,
      percent: null,
      amount: 6300,
      rule_ids: [],
    },
  ];
  const daily = [
    {
      kind: 'base' as const,
      label: 'Daily rate',
      days: 15,
      rate: 250,
      percent: null,
      amount: 3750,
      rule_ids: [],
    },
  ];

  it('keeps each line its price and breakdown, and the breakdown lapses when the dates move', () => {
    const cart = [standard];
    const quoted = withQuotes(cart, bookingItems(cart), [6300, 3750], [weekly, daily]);
    expect(quoted[0].products.map((e) => e.quote?.price)).toEqual([6300, 3750]);
    expect(quoted[0].products.map(quotedLines)).toEqual([weekly, daily]);
    expect(cartTotalPaise(quoted)).toBe(1_005_000);
    // Asked again with the same answer: the same cart (no store write, no render loop).
    expect(withQuotes(quoted, bookingItems(quoted), [6300, 3750], [weekly, daily])).toBe(quoted);
    const moved = {
      ...quoted[0],
      products: [{ ...quoted[0].products[0], to_date: '2026-12-09' }, quoted[0].products[1]],
    };
    expect(moved.products.map(quotedLines)).toEqual([null, daily]);
  });
});
