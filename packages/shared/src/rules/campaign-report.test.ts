import { describe, expect, it } from 'vitest';
import {
  cpmAchieved,
  daysLive,
  deliveredImpressions,
  firstLiveDay,
  type ReportProof,
  reportLineFigures,
} from './campaign-report.ts';
import { refundTaxablePaise } from './refunds.ts';

/** The line runs 1-7 Dec 2026 (to_date exclusive: 8 Dec), 7 days. */
const line = { from_date: '2026-12-01', to_date: '2026-12-08' };
/** A proof taken at 10:15 IST on `day`. */
const proof = (day: string, over: Partial<ReportProof> = {}): ReportProof => ({
  verified: true,
  taken_at: new Date(`${day}T04:45:00Z`),
  uploaded_at: new Date(`${day}T05:00:00Z`),
  withdrawn: false,
  ...over,
});

describe('days live', () => {
  it('counts from the first verified proof to the end of the line', () => {
    const from = firstLiveDay(line, [proof('2026-12-04'), proof('2026-12-03')]);
    expect(from).toBe('2026-12-03');
    expect(daysLive(line, from)).toBe(5);
  });

  it('ignores unverified and withdrawn proofs, and never starts before the first day', () => {
    expect(
      firstLiveDay(line, [
        proof('2026-12-02', { verified: false }),
        proof('2026-12-03', { withdrawn: true }),
      ]),
    ).toBeNull();
    // Taken the evening before the start (the time window allows the day before): live all 7 days.
    expect(daysLive(line, firstLiveDay(line, [proof('2026-11-30')]))).toBe(7);
  });

  it('reads the IST day of the moment: 23:00 IST is that day, not the UTC one', () => {
    const late = proof('2026-12-05', { taken_at: new Date('2026-12-05T17:30:00Z') });
    expect(firstLiveDay(line, [late])).toBe('2026-12-05');
    expect(daysLive(line, '2026-12-05')).toBe(3);
  });
});

describe('delivered impressions and CPM achieved', () => {
  it('multiplies the booked figure by the days live; none without a figure', () => {
    expect(deliveredImpressions(120_000, 5)).toBe(600_000);
    expect(deliveredImpressions(null, 5)).toBeNull();
    expect(deliveredImpressions(120_000, 0)).toBe(0);
  });

  it('takes the refund out before GST, then divides by what was delivered', () => {
    // ₹31,500 before GST, 18 % GST: total ₹37,170; a refund of ₹3,717 with GST is ₹3,150 before it.
    const refund = refundTaxablePaise(371_700, 3_717_000, 3_150_000);
    expect(refund).toBe(315_000);
    const figures = reportLineFigures({
      ...line,
      price_paise: 3_150_000,
      refunded_before_gst_paise: refund,
      daily_impressions: 120_000,
      proofs: [proof('2026-12-03')],
    });
    // 5 days x 1,20,000 = 6,00,000 delivered; ₹28,350 / 600 = ₹47.25 per thousand.
    expect(figures).toEqual({
      live_from: '2026-12-03',
      days_live: 5,
      delivered: 600_000,
      net_cost_paise: 2_835_000,
      cpm: 47.25,
    });
  });

  it('a line with no proof delivered nothing and has no CPM', () => {
    const figures = reportLineFigures({
      ...line,
      price_paise: 3_150_000,
      refunded_before_gst_paise: 0,
      daily_impressions: 120_000,
      proofs: [],
    });
    expect(figures).toMatchObject({ live_from: null, days_live: 0, delivered: 0, cpm: null });
    expect(cpmAchieved(3_150_000, 0)).toBeNull();
  });
});
