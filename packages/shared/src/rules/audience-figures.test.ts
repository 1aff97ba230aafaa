import { describe, expect, it } from 'vitest';
import { audienceFieldsShape } from '../schemas/audience.schemas.ts';
import {
  formatAudience,
  formatAudienceTotal,
  formatIndianCount,
  formatMonthShort,
} from './audience-format.ts';
import { citySizeOf, estimateReach, REACHABLE_PEOPLE, siteReach } from './audience-model.ts';
import {
  campaignPlanFigures,
  cpmBoundsPaise,
  cpmRupees,
  lineImpressions,
  planFigures,
  plansFigures,
  siteDailyCpm,
} from './plan-figures.ts';

describe('formatIndianCount', () => {
  it('writes thousands with Indian grouping, lakhs and crores in words with one decimal half up', () => {
    expect(formatIndianCount(850)).toBe('850');
    expect(formatIndianCount(45_000)).toBe('45,000');
    expect(formatIndianCount(99_999)).toBe('99,999');
    expect(formatIndianCount(100_000)).toBe('1 lakh');
    expect(formatIndianCount(120_000)).toBe('1.2 lakh');
    expect(formatIndianCount(124_999)).toBe('1.2 lakh');
    expect(formatIndianCount(125_000)).toBe('1.3 lakh');
    expect(formatIndianCount(9_940_000)).toBe('99.4 lakh');
    expect(formatIndianCount(9_996_000)).toBe('1 crore');
    expect(formatIndianCount(34_000_000)).toBe('3.4 crore');
  });
});

describe('formatAudience', () => {
  it('never shows a figure without its source and month', () => {
    expect(
      formatAudience({
        daily_impressions: 120_000,
        source: 'owner_declared',
        measured_on: '2026-03',
        verified: false,
      }),
    ).toBe('1.2 lakh/day · owner-declared, Mar 2026');
    expect(
      formatAudience({
        daily_impressions: 45_000,
        source: 'traffic_count',
        measured_on: null,
        verified: true,
      }),
    ).toBe('45,000/day · traffic count · verified');
    expect(formatMonthShort('2026-09')).toBe('Sept 2026');
  });

  it('adds several sites up with their sources, and says nothing without a figure', () => {
    expect(formatAudienceTotal(340_000, ['modelled'])).toBe('3.4 lakh/day · modelled');
    expect(formatAudienceTotal(45_000, ['owner_declared', 'survey', 'modelled'])).toBe(
      '45,000/day · owner-declared, survey and modelled',
    );
    expect(formatAudienceTotal(0, [])).toBeNull();
    expect(formatAudienceTotal(1000, [])).toBeNull();
  });
});

describe('audience fields', () => {
  it('refuses hostile text in the method note and a month that is not one', () => {
    expect(audienceFieldsShape.audience_method.safeParse('Counted\u202eevil').success).toBe(false);
    expect(audienceFieldsShape.audience_method.safeParse('x'.repeat(301)).success).toBe(false);
    expect(audienceFieldsShape.audience_measured_on.safeParse('2026-13').success).toBe(false);
    expect(audienceFieldsShape.audience_measured_on.safeParse('2026-03').success).toBe(true);
    expect(audienceFieldsShape.audience_source.safeParse('panel').success).toBe(false);
  });
});

describe('plan arithmetic', () => {
  it('impressions are daily x days per line', () => {
    expect(lineImpressions({ daily_impressions: 45_000, days: 14 })).toBe(630_000);
  });

  it('CPM is paise over impressions x 1000 in rupees, half up to the paisa', () => {
    // ₹63,000 for 6,30,000 impressions: ₹100 per thousand.
    expect(cpmRupees(6_300_000, 630_000)).toBe(100);
    // 1,00,000 paise / 3,00,000 impressions x 1000 = 333.33... paise: ₹3.33.
    expect(cpmRupees(100_000, 300_000)).toBe(3.33);
    // 2,00,000 paise / 3,00,000 x 1000 = 666.66... paise: ₹6.67.
    expect(cpmRupees(200_000, 300_000)).toBe(6.67);
    // Exactly half a paisa rounds up: 1 paise / 2,000 impressions x 1000 = 0.5 paise.
    expect(cpmRupees(1, 2000)).toBe(0.01);
    expect(cpmRupees(500, 0)).toBeNull();
  });

  it('one site reaches its first day once and the new share of each further day, capped by the city', () => {
    const line = { daily_impressions: 100_000, days: 11, format: 'Hoarding', city: 'Pune' };
    expect(siteReach(line)).toBe(100_000 * (1 + 10 * 0.15));
    expect(citySizeOf(' Bangalore ')).toBe('metro');
    expect(citySizeOf('Indore')).toBe('city');
    expect(siteReach({ ...line, daily_impressions: 5_000_000, days: 30, city: 'Indore' })).toBe(
      REACHABLE_PEOPLE.city,
    );
  });

  it('sites in one city overlap at random; cities add up', () => {
    const a = { daily_impressions: 400_000, days: 1, format: 'Hoarding', city: 'Indore' };
    const one = estimateReach([a]);
    expect(one).toBeCloseTo(400_000, 6);
    const cap = REACHABLE_PEOPLE.city;
    const p = 400_000 / cap;
    expect(estimateReach([a, a])).toBeCloseTo(cap * (1 - (1 - p) ** 2), 6);
    expect(estimateReach([a, { ...a, city: 'Jaipur' }])).toBeCloseTo(800_000, 6);
  });

  it('plan figures count only lines with an audience and say how many', () => {
    const figures = planFigures([
      { daily_impressions: 50_000, days: 7, format: 'Lamp Post', city: 'Jaipur', cost_paise: 700_000 },
      { daily_impressions: null, days: 7, format: 'Hoarding', city: 'Jaipur', cost_paise: 9_900_000 },
    ]);
    expect(figures.impressions).toBe(350_000);
    expect(figures.lines_counted).toBe(1);
    // ₹7,000 / 3,50,000 x 1000 = ₹20.
    expect(figures.cpm).toBe(20);
    // 50,000 x (1 + 6 x 0.12) = 86,000 people; 3,50,000 / 86,000 = 4.07 -> 4.1.
    expect(figures.reach_estimate).toBe(86_000);
    expect(figures.frequency_estimate).toBe(4.1);
    expect(figures.method).toMatch(/estimates/);
  });

  it('a plan without audience figures has no CPM and no frequency', () => {
    const figures = planFigures([
      { daily_impressions: null, days: 7, format: 'Hoarding', city: 'Pune', cost_paise: 100 },
    ]);
    expect(figures).toMatchObject({ impressions: 0, cpm: null, reach_estimate: 0, frequency_estimate: null });
  });
});

describe('campaign figures from entries', () => {
  const audience = (daily: number) => ({
    daily_impressions: daily,
    source: 'modelled' as const,
    measured_on: '2026-11',
    method: 'Demo',
    verified: false,
  });
  const entry = (daily: number | null, price: number, minDays: number, dates?: [string, string]) => ({
    from_date: dates?.[0] ?? null,
    to_date: dates?.[1] ?? null,
    product: {
      price,
      booking_duration: minDays,
      audience: daily === null ? null : audience(daily),
      category: 'Hoarding',
      city: 'Indore',
    },
  });

  it('counts a line without dates for the campaign minimum run, as its price does', () => {
    // Minimum runs 7 and 14: both lines run 14 days. 10,000 x 14 + 20,000 x 14 = 4,20,000 impressions;
    // cost ₹1,000 x 14 + ₹2,000 x 14 = ₹42,000 = 42,00,000 paise; x 1000 / 4,20,000 = 10,000 paise = ₹100.
    const f = campaignPlanFigures([entry(10_000, 1000, 7), entry(20_000, 2000, 14)]);
    expect(f.impressions).toBe(420_000);
    expect(f.cost_paise).toBe(4_200_000);
    expect(f.cpm).toBe(100);
    expect(f.sources).toEqual(['modelled']);
  });

  it('a dated line counts its own days; a cart keeps each campaign its own run', () => {
    const dated = entry(10_000, 1000, 7, ['2027-01-01', '2027-01-11']);
    expect(campaignPlanFigures([dated]).impressions).toBe(100_000);
    const f = plansFigures([[entry(10_000, 1000, 7)], [entry(10_000, 1000, 30)]]);
    // 7 days in the first campaign, 30 in the second (not 30 for both).
    expect(f.impressions).toBe(70_000 + 300_000);
    expect(f.lines).toBe(2);
  });

  it('a line kept in an old cart without its audience counts in nothing', () => {
    const f = campaignPlanFigures([entry(null, 5000, 7), entry(10_000, 1000, 7)]);
    expect(f).toMatchObject({
      lines: 2,
      lines_counted: 1,
      impressions: 70_000,
      cost_paise: 700_000,
      cpm: 100,
    });
  });
});

describe("a site's daily CPM (the catalogue's sort and filter)", () => {
  it('is the daily price over the daily impressions x 1,000, to the paisa, and null without a figure', () => {
    const audience = (daily: number) => ({ daily_impressions: daily });
    expect(siteDailyCpm({ price: 1500, audience: audience(50_000) })).toBe(30);
    // 999 / 70,000 x 1,000 = 14.2714... rupees: 1,427.14 paise, rounded to 1,427.
    expect(siteDailyCpm({ price: 999, audience: audience(70_000) })).toBe(14.27);
    // Half a paisa rounds up: 1 rupee / 8,000 x 1,000 = 12.5 paise.
    expect(siteDailyCpm({ price: 1, audience: audience(8_000) })).toBe(0.13);
    expect(siteDailyCpm({ price: 1500, audience: null })).toBeNull();
  });

  it('turns a filter in rupees into whole paise per thousand, inside the range asked', () => {
    expect(cpmBoundsPaise([10, 50])).toEqual([1000, 5000]);
    // 10.1 x 100 is 1009.999... in floating point: still 1,010 paise.
    expect(cpmBoundsPaise([10.1, 20.29])).toEqual([1010, 2029]);
    expect(cpmBoundsPaise([0.001, 0.019])).toEqual([1, 1]);
    expect(cpmBoundsPaise([-5, 1e12])).toEqual([0, 1e9]);
  });
});
