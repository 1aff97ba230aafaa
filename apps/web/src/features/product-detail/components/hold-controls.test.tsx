import type { Product } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { holdOnDates, onHoldLabel } from './hold-controls';

const hold = {
  id: 7,
  from_date: '2027-01-04',
  to_date: '2027-01-11',
  until: '2026-11-25T06:30:00.000Z',
  requested: false,
};
const product = { holds: [hold] } as unknown as Product;

describe('the product page names a hold on the chosen dates (decision 082)', () => {
  it('finds the hold the chosen range [from, to) overlaps, never one it only touches', () => {
    expect(holdOnDates(product, { from_date: '2027-01-10', to_date: '2027-01-17' })).toBe(hold);
    expect(holdOnDates(product, { from_date: '2026-12-28', to_date: '2027-01-05' })).toBe(hold);
    // Back to back: [11, 18) starts the day the hold's range ends.
    expect(holdOnDates(product, { from_date: '2027-01-11', to_date: '2027-01-18' })).toBeUndefined();
    expect(holdOnDates(product, { from_date: '2026-12-28', to_date: '2027-01-04' })).toBeUndefined();
    expect(holdOnDates(product, { from_date: null, to_date: null })).toBeUndefined();
    expect(holdOnDates({} as Product, { from_date: '2027-01-04', to_date: '2027-01-11' })).toBeUndefined();
  });

  it('says until when in India time', () => {
    expect(onHoldLabel(hold)).toBe('On hold until 25 Nov 2026, 12:00 pm IST');
  });
});
