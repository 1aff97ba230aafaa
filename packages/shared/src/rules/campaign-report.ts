import { daysBetween, type IsoDate, todayIst } from './dates.ts';
import { cpmRupees } from './plan-figures.ts';

/*
 * The post-campaign report's arithmetic (DESIGN section 20, decision 091). A line is live from the day of
 * its first Verified proof, the proof that also releases the owner's payout (docs/product-rules.md
 * section 15), to its last day; a line without one delivered nothing we can show. Impressions delivered
 * are the audience figure as booked x days live; CPM achieved is what the line cost before GST, less its
 * refunds before GST (refunds.ts `refundTaxablePaise`, the figure credit notes and statements use), over
 * those impressions x 1,000.
 */

export interface ReportProof {
  verified: boolean;
  /** The photo's EXIF time, else null. */
  taken_at: Date | null;
  uploaded_at: Date;
  withdrawn: boolean;
}

/**
 * The IST day from which the line counts as live: the first Verified, not withdrawn proof's day (its
 * EXIF time, else when it was uploaded), never before the line's first day. Null without one.
 */
export function firstLiveDay(line: { from_date: IsoDate }, proofs: readonly ReportProof[]): IsoDate | null {
  const days = proofs
    .filter((p) => p.verified && !p.withdrawn)
    .map((p) => todayIst(p.taken_at ?? p.uploaded_at))
    .sort();
  if (!days.length) return null;
  return days[0] < line.from_date ? line.from_date : days[0];
}

/** Days from the first live day to the end of the line (to_date exclusive); 0 without a live day. */
export function daysLive(line: { from_date: IsoDate; to_date: IsoDate }, liveFrom: IsoDate | null): number {
  if (liveFrom === null || liveFrom >= line.to_date) return 0;
  return daysBetween(liveFrom < line.from_date ? line.from_date : liveFrom, line.to_date);
}

/** The audience figure as booked x days live; null when the line has no figure to multiply. */
export function deliveredImpressions(dailyImpressions: number | null, live: number): number | null {
  if (dailyImpressions === null || dailyImpressions <= 0) return null;
  return dailyImpressions * Math.max(0, live);
}

/** What the line cost in the end before GST: its price less its refunds before GST, never below 0. */
export const netCostPaise = (pricePaise: number, refundedBeforeGstPaise: number): number =>
  Math.max(0, pricePaise - refundedBeforeGstPaise);

/** Rupees per thousand delivered impressions (half up to the paisa); null with nothing delivered. */
export function cpmAchieved(netPaise: number, delivered: number | null): number | null {
  return delivered ? cpmRupees(netPaise, delivered) : null;
}

export interface ReportLineFigures {
  live_from: IsoDate | null;
  days_live: number;
  delivered: number | null;
  net_cost_paise: number;
  cpm: number | null;
}

/** One line's figures: the rules above in their order. */
export function reportLineFigures(input: {
  from_date: IsoDate;
  to_date: IsoDate;
  price_paise: number;
  refunded_before_gst_paise: number;
  daily_impressions: number | null;
  proofs: readonly ReportProof[];
}): ReportLineFigures {
  const liveFrom = firstLiveDay(input, input.proofs);
  const live = daysLive(input, liveFrom);
  const delivered = deliveredImpressions(input.daily_impressions, live);
  const net = netCostPaise(input.price_paise, input.refunded_before_gst_paise);
  return {
    live_from: liveFrom,
    days_live: live,
    delivered,
    net_cost_paise: net,
    cpm: cpmAchieved(net, delivered),
  };
}
