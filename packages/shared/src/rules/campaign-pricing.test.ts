import { describe, expect, it } from 'vitest';
import { campaignLinePaise, campaignMinDays, campaignPricePaise } from './pricing.ts';

/**
 * The demo's "Mumbai Lamp Post Blitz" showed ₹2,75,450 on its card (each site at its own minimum) and cost
 * ₹5,02,500 once booked with one range, which must last 30 days (issue 10). The shown price is what it costs.
 */
describe('a campaign priced as booked together', () => {
  const sites = [
    { price: 1300, booking_duration: 2_592_000 },
    { price: 1400, booking_duration: 14 },
    { price: 1000, booking_duration: '15 days' },
  ];

  it('runs for the longest minimum booking of its sites', () => {
    expect(campaignMinDays(sites)).toBe(30);
    expect(campaignMinDays([])).toBe(1);
  });

  it('prices sites without dates for that run, so the price equals the cheapest booking of the campaign', () => {
    expect(campaignLinePaise(sites)).toEqual([3_900_000, 4_200_000, 3_000_000]);
    const booked = sites.map((s) => ({ ...s, from_date: '2027-01-01', to_date: '2027-01-31' }));
    expect(campaignPricePaise(sites)).toBe(campaignPricePaise(booked));
  });

  it('prices dated sites by their own dates', () => {
    const mixed = [{ ...sites[0], from_date: '2027-01-01', to_date: '2027-03-02' }, sites[1]];
    expect(campaignLinePaise(mixed)).toEqual([1300 * 60 * 100, 1400 * 30 * 100]);
  });

  it('is the site minimum for a one-site campaign', () => {
    expect(campaignPricePaise([sites[1]])).toBe(1400 * 14 * 100);
  });
});
