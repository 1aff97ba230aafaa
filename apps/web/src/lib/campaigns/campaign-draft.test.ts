import type { Product } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { emptyCustomizedCampaign } from '../stores';
import {
  addProducts,
  allDated,
  draftName,
  draftTotal,
  isAllSelected,
  removeProducts,
  selectAll,
  selectAllProblem,
  setAllDates,
  setProductDates,
  toggleProduct,
  usableDates,
} from './campaign-draft';

const product = (id: number, price = 1000): Product => ({
  id,
  product_id: `LP-${id}`,
  name: `Site ${id}`,
  description: '',
  price,
  address: 'MG Road',
  images: [`/media/${id}.svg`],
  unavailable_dates: [],
  booking_duration: 7,
  minimum_days: 7,
  rates: { daily: price, weekly: null, four_weekly: null },
  category: 'Lamp Post',
  image_size: null,
  image_format: null,
  lighting: null,
  state: 'Maharashtra',
  district: 'Mumbai',
  city: 'Mumbai',
  pin_code: '400001',
  impression: 1000,
  audience: {
    daily_impressions: 1000,
    source: 'owner_declared',
    measured_on: null,
    method: '',
    verified: false,
  },
  latitude: null,
  longitude: null,
});

const ids = (d: { products: { product: { id: number } }[] }) => d.products.map((e) => e.product.id);
const range = { from_date: '2026-12-01', to_date: '2026-12-11' };

describe('the customized campaign draft', () => {
  it('keeps entries sorted by product id with a snapshot and a price', () => {
    const d = addProducts(emptyCustomizedCampaign(), [product(5), product(2), product(9)]);
    expect(ids(d)).toEqual([2, 5, 9]);
    expect(d.products[0]).toEqual({
      from_date: null,
      to_date: null,
      product: {
        id: 2,
        // The site code, so sites of one name can be told apart.
        product_id: 'LP-2',
        name: 'Site 2',
        price: 1000,
        unavailable_dates: [],
        booking_duration: 7,
        images: ['/media/2.svg'],
        image_size: null,
        latitude: null,
        longitude: null,
        // What the plan figures read (decision 080).
        category: 'Lamp Post',
        city: 'Mumbai',
        audience: {
          daily_impressions: 1000,
          source: 'owner_declared',
          measured_on: null,
          method: '',
          verified: false,
        },
      },
      // No dates: daily price x minimum days.
      price: 7000,
    });
  });

  it('gives added sites the page dates only when both are set and the site can run on them', () => {
    const dated = addProducts(emptyCustomizedCampaign(), [product(1)], range);
    expect(dated.products[0]).toMatchObject({ ...range, price: 10_000 });
    const half = addProducts(emptyCustomizedCampaign(), [product(1)], {
      from_date: '2026-12-01',
      to_date: null,
    });
    expect(half.products[0]).toMatchObject({ from_date: null, to_date: null });
    // A site with a 14-day minimum, and one booked on a day of the range: both added without dates.
    const long = { ...product(2), booking_duration: '14 days' };
    const booked = { ...product(3), unavailable_dates: ['2026-12-10'] };
    const bookedAtEnd = { ...product(4), unavailable_dates: ['2026-12-11'] };
    const d = addProducts(emptyCustomizedCampaign(), [long, booked, bookedAtEnd], range);
    expect(d.products.map((e) => e.from_date)).toEqual([null, null, '2026-12-01']);
  });

  it('toggles one site in and out', () => {
    let d = toggleProduct(emptyCustomizedCampaign(), product(3));
    expect(ids(d)).toEqual([3]);
    d = toggleProduct(d, product(1));
    expect(ids(d)).toEqual([1, 3]);
    d = toggleProduct(d, product(3));
    expect(ids(d)).toEqual([1]);
  });

  it('select all adds the listed sites, skipping present ones and keeping their dates', () => {
    const start = addProducts(emptyCustomizedCampaign(), [product(2)], range);
    const d = selectAll(start, [product(1), product(2), product(3)], true);
    expect(ids(d)).toEqual([1, 2, 3]);
    expect(d.products[1]).toMatchObject(range);
    expect(isAllSelected(d, { count: 3, ids: [1, 2, 3] })).toBe(true);
  });

  it('unchecking removes the listed sites only', () => {
    const start = addProducts(emptyCustomizedCampaign(), [product(1), product(2), product(7)]);
    const d = selectAll(start, [product(1), product(2)], false);
    expect(ids(d)).toEqual([7]);
  });

  it('is checked exactly when every matching site, on every page, is in the campaign', () => {
    const matching = { count: 30, ids: Array.from({ length: 30 }, (_, i) => i + 1) };
    const firstPage = Array.from({ length: 24 }, (_, i) => product(i + 1));
    expect(isAllSelected(emptyCustomizedCampaign(), { count: 0, ids: [] })).toBe(false);
    // The 24 loaded cards are not all 30 results.
    expect(isAllSelected(addProducts(emptyCustomizedCampaign(), firstPage), matching)).toBe(false);
    const all = addProducts(
      emptyCustomizedCampaign(),
      matching.ids.map((id) => product(id)),
    );
    expect(isAllSelected(all, matching)).toBe(true);
    // Other sites in the campaign (from an earlier search) do not uncheck it.
    expect(isAllSelected(addProducts(all, [product(99)]), matching)).toBe(true);
    // More matches than the ids that came back: never claimed as all selected.
    expect(isAllSelected(all, { count: 2000, ids: matching.ids })).toBe(false);
  });

  it('refuses to select all beyond the 200 sites a campaign holds, counting the sites it has', () => {
    const matching = { count: 150, ids: Array.from({ length: 150 }, (_, i) => i + 1) };
    expect(selectAllProblem(emptyCustomizedCampaign(), matching)).toBeNull();
    const others = addProducts(
      emptyCustomizedCampaign(),
      Array.from({ length: 60 }, (_, i) => product(1000 + i)),
    );
    expect(selectAllProblem(others, matching)).toContain('at most 200 sites');
    // Sites already in the campaign are not counted twice.
    const overlap = addProducts(
      emptyCustomizedCampaign(),
      Array.from({ length: 60 }, (_, i) => product(i + 1)),
    );
    expect(selectAllProblem(overlap, matching)).toBeNull();
  });

  it('prices each site by its own dates and totals them', () => {
    let d = addProducts(emptyCustomizedCampaign(), [product(1, 1000), product(2, 250.5)]);
    d = setProductDates(d, 1, range);
    expect(d.products[0].price).toBe(10_000);
    expect(draftTotal(d)).toBe(10_000 + 250.5 * 7);
    expect(allDated(d)).toBe(false);
    d = setAllDates(d, { from_date: '2026-12-01', to_date: '2026-12-08' });
    expect(d.products.map((e) => e.price)).toEqual([7000, 1753.5]);
    expect(allDated(d)).toBe(true);
  });

  it('removes sites and falls back to the default name when blank', () => {
    const d = removeProducts(addProducts(emptyCustomizedCampaign(), [product(1), product(2)]), [1]);
    expect(ids(d)).toEqual([2]);
    expect(draftName({ ...d, name: '   ' })).toBe('Untitled Campaign');
    expect(draftName({ ...d, name: ' Diwali ' })).toBe('Diwali');
  });

  it('keeps the dates chosen on /customize for later additions until their start is too close', () => {
    const chosen = { from_date: '2027-01-10', to_date: '2027-02-10' };
    expect(usableDates(chosen, '2027-01-01')).toEqual(chosen);
    expect(usableDates(chosen, '2027-01-11')).toEqual({ from_date: null, to_date: null });
  });
});
