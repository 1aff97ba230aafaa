import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  bestVolumeRule,
  minimumBookingPaise,
  priceOrderLines,
  priceSite,
  type RateCard,
  rateCardFromRupees,
  rateFor,
  roundHalfUp,
  type SeasonalRule,
  seasonalRulesFor,
  type VolumeRule,
} from './rate-card.ts';

const card: RateCard = { dailyPaise: 100_000, weeklyPaise: 90_000, fourWeeklyPaise: 75_000 };
const from = '2027-01-01';
const season = (
  id: number,
  name: string,
  fromDate: string,
  toDate: string,
  percentBp: number,
): SeasonalRule => ({
  id,
  name,
  fromDate,
  toDate,
  percentBp,
});

describe('rate-card choice', () => {
  it('takes the daily price below 7 days, weekly from 7, four-weekly from 28', () => {
    expect(rateFor(card, 6)).toEqual({ tier: 'daily', ratePaise: 100_000 });
    expect(rateFor(card, 7)).toEqual({ tier: 'weekly', ratePaise: 90_000 });
    expect(rateFor(card, 27)).toEqual({ tier: 'weekly', ratePaise: 90_000 });
    expect(rateFor(card, 28)).toEqual({ tier: 'four_weekly', ratePaise: 75_000 });
  });

  it('prices every day of the booking at the chosen tier', () => {
    expect(priceSite(card, from, addDays(from, 6)).totalPaise).toBe(600_000);
    expect(priceSite(card, from, addDays(from, 7)).totalPaise).toBe(630_000);
    expect(priceSite(card, from, addDays(from, 27)).totalPaise).toBe(2_430_000);
    expect(priceSite(card, from, addDays(from, 28)).totalPaise).toBe(2_100_000);
  });

  it('falls back to the next shorter tier the card has', () => {
    const weeklyOnly: RateCard = { dailyPaise: 100_000, weeklyPaise: 90_000, fourWeeklyPaise: null };
    expect(rateFor(weeklyOnly, 28)).toEqual({ tier: 'weekly', ratePaise: 90_000 });
    const fourWeeklyOnly: RateCard = { dailyPaise: 100_000, weeklyPaise: null, fourWeeklyPaise: 75_000 };
    expect(rateFor(fourWeeklyOnly, 27)).toEqual({ tier: 'daily', ratePaise: 100_000 });
  });

  it('is exactly the daily price x days without rates or rules (the SPEC)', () => {
    const plain: RateCard = { dailyPaise: 150_050, weeklyPaise: null, fourWeeklyPaise: null };
    const price = priceSite(plain, from, addDays(from, 30));
    expect(price.totalPaise).toBe(150_050 * 30);
    expect(price.lines).toEqual([
      {
        kind: 'base',
        label: 'Daily rate',
        days: 30,
        ratePaise: 150_050,
        percentBp: null,
        amountPaise: 4_501_500,
        ruleIds: [],
      },
    ]);
  });
});

describe('seasonal rules', () => {
  const plain: RateCard = { dailyPaise: 100_000, weeklyPaise: null, fourWeeklyPaise: null };

  it('applies a rule only to the days it covers', () => {
    // 10 days from 1 Jan; Diwali covers 8-14 Jan: 3 of them (8, 9, 10).
    const price = priceSite(plain, from, addDays(from, 10), [
      season(1, 'Diwali', '2027-01-08', '2027-01-15', 2000),
    ]);
    expect(price.lines[1]).toMatchObject({ kind: 'seasonal', days: 3, percentBp: 2000, amountPaise: 60_000 });
    expect(price.totalPaise).toBe(1_000_000 + 60_000);
  });

  it('ignores a rule outside the range, and one ending the day the booking starts', () => {
    const price = priceSite(plain, from, addDays(from, 7), [
      season(1, 'Before', '2026-12-20', '2027-01-01', 5000),
      season(2, 'After', '2027-01-08', '2027-01-20', 5000),
    ]);
    expect(price.lines).toHaveLength(1);
    expect(price.totalPaise).toBe(700_000);
  });

  it('multiplies overlapping rules on the days they share', () => {
    // Festive +20 % on 1-10 Jan, Wedding -10 % on 6-15 Jan; booked 1-15 Jan (14 days).
    const price = priceSite(plain, from, '2027-01-15', [
      season(1, 'Festive', '2027-01-01', '2027-01-11', 2000),
      season(2, 'Wedding', '2027-01-06', '2027-01-16', -1000),
    ]);
    const parts = price.lines.filter((l) => l.kind === 'seasonal');
    // 1-5 Jan: +20 %; 6-10 Jan: 1.2 x 0.9 = 1.08, +8 %; 11-14 Jan: -10 %.
    expect(parts.map((p) => [p.ruleIds, p.days, p.percentBp, p.amountPaise])).toEqual([
      [[1], 5, 2000, 100_000],
      [[1, 2], 5, 800, 40_000],
      [[2], 4, -1000, -40_000],
    ]);
    expect(parts[1].label).toBe('Festive +20 % × Wedding -10 %');
    expect(price.totalPaise).toBe(1_400_000 + 100_000 + 40_000 - 40_000);
  });

  it('applies seasons to the tier rate, not the daily price', () => {
    const price = priceSite(card, from, addDays(from, 28), [
      season(1, 'Peak', from, addDays(from, 28), 1000),
    ]);
    expect(price.lines[1].amountPaise).toBe(210_000);
    expect(price.totalPaise).toBe(2_310_000);
  });

  it('applies a rule limited to chosen sites to those sites only, beside one for every site', () => {
    const everySite = season(1, 'Festive', from, '2027-01-11', 2000);
    const twoSites = { ...season(2, 'Junction', from, '2027-01-11', 1000), productIds: [7, 9] };
    const rules = [everySite, twoSites];
    expect(seasonalRulesFor(rules, 7).map((r) => r.id)).toEqual([1, 2]);
    expect(seasonalRulesFor(rules, 8).map((r) => r.id)).toEqual([1]);
    // Site 7: 1.2 x 1.1 = +32 % on 10 days; site 8: +20 % only.
    const seven = priceSite(plain, from, '2027-01-11', seasonalRulesFor(rules, 7));
    const eight = priceSite(plain, from, '2027-01-11', seasonalRulesFor(rules, 8));
    expect(seven.totalPaise).toBe(1_000_000 + 320_000);
    expect(eight.totalPaise).toBe(1_000_000 + 200_000);
    expect(seasonalRulesFor([{ ...twoSites, productIds: [] }], 7)).toEqual([]);
  });
});

describe('volume discounts', () => {
  const threeSites: VolumeRule = {
    id: 7,
    name: 'Three or more',
    minSites: 3,
    minValuePaise: null,
    percentBp: 1000,
  };
  const bigOrder: VolumeRule = {
    id: 8,
    name: 'Big order',
    minSites: null,
    minValuePaise: 5_000_000,
    percentBp: 500,
  };
  const plain: RateCard = { dailyPaise: 100_000, weeklyPaise: null, fourWeeklyPaise: null };
  const line = (productId: number, ownerId: number | null, days = 7) => ({
    ownerId,
    productId,
    price: priceSite(plain, from, addDays(from, days)),
  });

  it('starts at N sites of the owner, not before', () => {
    const rules = (id: number) => (id === 1 ? [threeSites] : []);
    const two = priceOrderLines([line(1, 1), line(2, 1), line(3, 2)], rules);
    expect(two.map((p) => p.totalPaise)).toEqual([700_000, 700_000, 700_000]);
    const three = priceOrderLines([line(1, 1), line(2, 1), line(3, 1), line(4, 2)], rules);
    expect(three.map((p) => p.totalPaise)).toEqual([630_000, 630_000, 630_000, 700_000]);
    expect(three[0].lines.at(-1)).toMatchObject({ kind: 'volume', percentBp: -1000, amountPaise: -70_000 });
  });

  it('counts a site booked twice once', () => {
    const rules = () => [threeSites];
    const priced = priceOrderLines([line(1, 1), line(1, 1, 14), line(2, 1)], rules);
    expect(priced.every((p) => p.lines.every((l) => l.kind !== 'volume'))).toBe(true);
  });

  it('starts above the order value X, not at it', () => {
    const rules = () => [bigOrder];
    // 50 days x Rs 1,000 = Rs 50,000 exactly: not above.
    expect(priceOrderLines([line(1, 1, 50)], rules)[0].totalPaise).toBe(5_000_000);
    expect(priceOrderLines([line(1, 1, 51)], rules)[0].totalPaise).toBe(5_100_000 - 255_000);
  });

  it('takes the best rule met, never two', () => {
    expect(bestVolumeRule([threeSites, bigOrder], 3, 9_000_000)?.id).toBe(7);
    expect(bestVolumeRule([threeSites, bigOrder], 2, 9_000_000)?.id).toBe(8);
    expect(bestVolumeRule([threeSites, bigOrder], 2, 100)).toBeNull();
  });

  it('leaves lines without an owner alone', () => {
    expect(priceOrderLines([line(1, null)], () => [bigOrder, threeSites])[0].totalPaise).toBe(700_000);
  });
});

describe('rounding to the paisa', () => {
  it('rounds half up, away from zero for a discount', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3);
    expect(roundHalfUp(4n, 3n)).toBe(1);
    expect(roundHalfUp(-5n, 2n)).toBe(-3);
    expect(roundHalfUp(-4n, 3n)).toBe(-1);
  });

  it('rounds each line once, and the lines add up to the total', () => {
    // Rs 333.33 a day, +12.5 % on 3 days: 99,999 x 0.125 = 12,499.875 paise -> 12,500.
    const odd: RateCard = { dailyPaise: 33_333, weeklyPaise: null, fourWeeklyPaise: null };
    const price = priceSite(odd, from, addDays(from, 7), [season(1, 'Fair', from, addDays(from, 3), 1250)]);
    expect(price.lines.map((l) => l.amountPaise)).toEqual([233_331, 12_500]);
    const [withDiscount] = priceOrderLines([{ ownerId: 1, productId: 1, price }], () => [
      { id: 2, name: 'Any', minSites: 1, minValuePaise: null, percentBp: 333 },
    ]);
    // 245,831 x 3.33 % = 8,186.1723 -> 8,186.
    expect(withDiscount.lines.at(-1)?.amountPaise).toBe(-8_186);
    expect(withDiscount.totalPaise).toBe(withDiscount.lines.reduce((s, l) => s + l.amountPaise, 0));
    expect(Number.isInteger(withDiscount.totalPaise)).toBe(true);
  });
});

describe('the minimum booking on the wire', () => {
  it('is priced at the tier its days reach, from the rupee rate card', () => {
    const fromWire = rateCardFromRupees({ daily: 1000.5, weekly: 900, four_weekly: null });
    expect(fromWire).toEqual({ dailyPaise: 100_050, weeklyPaise: 90_000, fourWeeklyPaise: null });
    expect(minimumBookingPaise(fromWire, 6)).toBe(600_300);
    expect(minimumBookingPaise(fromWire, 7)).toBe(630_000);
  });
});

describe('packages', () => {
  const plain: RateCard = { dailyPaise: 100_000, weeklyPaise: null, fourWeeklyPaise: null };
  const dear: RateCard = { dailyPaise: 200_000, weeklyPaise: null, fourWeeklyPaise: null };
  const to = addDays(from, 7);
  const line = (productId: number, c: RateCard = plain, lineTo = to) => ({
    ownerId: 1,
    productId,
    fromDate: from,
    toDate: lineTo,
    price: priceSite(c, from, lineTo),
  });
  const deal = (pricePaise: number, productIds = [1, 2, 3]) => ({
    id: 4,
    ownerId: 1,
    name: 'Ring road trio',
    productIds,
    fromDate: from,
    toDate: to,
    pricePaise,
  });
  const noVolume = () => [];

  it('splits the package price over its lines in proportion to their rate-card prices, exactly', () => {
    // Rate card: 7 + 7 + 14 lakh paise; the package 20 lakh paise splits 5 : 5 : 10.
    const priced = priceOrderLines([line(1), line(2), line(3, dear)], noVolume, [deal(2_000_000)]);
    expect(priced.map((p) => p.totalPaise)).toEqual([500_000, 500_000, 1_000_000]);
    expect(priced[2].lines.at(-1)).toEqual({
      kind: 'package',
      label: 'Package: Ring road trio',
      days: 7,
      ratePaise: null,
      percentBp: null,
      amountPaise: -400_000,
      ruleIds: [4],
    });
    for (const p of priced) expect(p.lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(p.totalPaise);
  });

  it('puts the remainder paisa on the dearest line so the lines add up to the package price', () => {
    // 1,000,001 paise in three equal parts: 333,334 rounded each is 1,000,002, one paisa too many.
    const priced = priceOrderLines([line(1), line(2), line(3)], noVolume, [deal(1_000_001)]);
    expect(priced.reduce((s, p) => s + p.totalPaise, 0)).toBe(1_000_001);
    expect(priced.map((p) => p.totalPaise)).toEqual([333_333, 333_334, 333_334]);
    const uneven = priceOrderLines([line(1), line(2, dear)], noVolume, [deal(1_000_000, [1, 2])]);
    expect(uneven.map((p) => p.totalPaise)).toEqual([333_333, 666_667]);
  });

  it('excludes the volume discount on its lines, which do not count towards one either', () => {
    const three: VolumeRule = { id: 9, name: 'Three', minSites: 3, minValuePaise: null, percentBp: 1000 };
    const priced = priceOrderLines([line(1), line(2), line(5), line(6)], () => [three], [
      deal(1_000_000, [1, 2]),
    ]);
    expect(priced.map((p) => p.totalPaise)).toEqual([500_000, 500_000, 700_000, 700_000]);
    expect(priced.flatMap((p) => p.lines).some((l) => l.kind === 'volume')).toBe(false);
    const four = priceOrderLines([line(1), line(2), line(5), line(6), line(7)], () => [three], [
      deal(1_000_000, [1, 2]),
    ]);
    expect(four.map((p) => p.totalPaise)).toEqual([500_000, 500_000, 630_000, 630_000, 630_000]);
    expect(four[0].lines.map((l) => l.kind)).toEqual(['base', 'package']);
  });

  it('does not apply when a date differs or a site is missing: the rate card prices the lines', () => {
    const longer = priceOrderLines([line(1), line(2), line(3, plain, addDays(from, 8))], noVolume, [
      deal(1_000_000),
    ]);
    expect(longer.map((p) => p.totalPaise)).toEqual([700_000, 700_000, 800_000]);
    const missing = priceOrderLines([line(1), line(2)], noVolume, [deal(1_000_000)]);
    expect(missing.map((p) => p.totalPaise)).toEqual([700_000, 700_000]);
    const otherOwner = priceOrderLines([line(1), line(2), { ...line(3), ownerId: 2 }], noVolume, [
      deal(1_000_000),
    ]);
    expect(otherOwner.flatMap((p) => p.lines).some((l) => l.kind === 'package')).toBe(false);
  });
});
