import {
  type Audience,
  type CampaignFigures,
  campaignLinePaise,
  campaignMinDays,
  campaignTitle,
  chargedDays,
  cpmRupees,
  lineImpressions,
  PLAN_GST_RATE,
  type Plan,
  type PlanKind,
  type PlanSite,
  sourcedFigures,
  toRupees,
} from '@ooh/shared';
import type { OrderPlanLineRow, PlanSiteRow } from './plans.repository.ts';

/** Pure: rows to the plan every export and share link shows. Money is summed in paise, shown in rupees. */

interface PricedRow {
  row: PlanSiteRow;
  days: number;
  dailyPaise: number;
  linePaise: number;
}

/** The site's figure with its source (decision 080), as the catalogue answers it; null without one. */
function audienceOf(row: PlanSiteRow): Audience | null {
  if (row.impression === null) return null;
  return {
    daily_impressions: row.impression,
    source: row.audienceSource,
    measured_on: row.audienceMeasuredOn,
    method: row.audienceMethod,
    verified: row.audienceVerified ?? row.audienceVerifiedAt !== null,
  };
}

function toSite({ row, days, dailyPaise, linePaise }: PricedRow): PlanSite {
  const audience = audienceOf(row);
  const views = audience ? lineImpressions({ daily_impressions: audience.daily_impressions, days }) : null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    category: row.category,
    width_ft: row.widthFt,
    height_ft: row.heightFt,
    lighting: row.lighting,
    impressions: row.impression,
    audience,
    line_impressions: views,
    cpm: views === null ? null : cpmRupees(linePaise, views),
    from_date: row.fromDate,
    to_date: row.toDate,
    days,
    daily_price: toRupees(dailyPaise),
    line_price: toRupees(linePaise),
    photo: row.images[0] ?? null,
  };
}

/**
 * The plan's figures by the shared rule the cart, the campaign page and GET /api/campaigns/{id}/figures
 * use (sourcedFigures): each line's impressions over its own days, its cost the line price before GST.
 */
function figuresOf(priced: PricedRow[]): CampaignFigures {
  const { cost_paise, ...figures } = sourcedFigures(
    priced.map(({ row, days, linePaise }) => ({
      daily_impressions: row.impression,
      days,
      format: row.category,
      city: row.city,
      cost_paise: linePaise,
      source: row.audienceSource,
    })),
  );
  return { ...figures, cost: toRupees(cost_paise) };
}

function assemble(kind: PlanKind, title: string, priced: PricedRow[], now: Date): Plan {
  const subtotalPaise = priced.reduce((sum, p) => sum + p.linePaise, 0);
  const gstPaise = Math.round(subtotalPaise * PLAN_GST_RATE);
  const froms = priced.map((p) => p.row.fromDate).filter((d): d is string => Boolean(d));
  const tos = priced.map((p) => p.row.toDate).filter((d): d is string => Boolean(d));
  return {
    kind,
    title,
    from_date: froms.length ? froms.reduce((a, b) => (a < b ? a : b)) : null,
    to_date: tos.length ? tos.reduce((a, b) => (a > b ? a : b)) : null,
    site_count: priced.length,
    sites: priced.map(toSite),
    subtotal: toRupees(subtotalPaise),
    gst_rate: PLAN_GST_RATE,
    gst_estimate: toRupees(gstPaise),
    total: toRupees(subtotalPaise + gstPaise),
    figures: figuresOf(priced),
    generated_at: now.toISOString(),
  };
}

/** A campaign's sites priced as the campaign page prices them (campaignLinePaise). */
export function campaignPlan(
  kind: 'campaign' | 'customized',
  name: string,
  rows: PlanSiteRow[],
  now: Date,
): Plan {
  const lines = rows.map((r) => ({
    price: toRupees(r.pricePaise),
    booking_duration: r.bookingDuration,
    from_date: r.fromDate,
    to_date: r.toDate,
  }));
  const prices = campaignLinePaise(lines);
  const run = campaignMinDays(lines);
  const priced = rows.map((row, i) => ({
    row,
    days: row.fromDate && row.toDate ? chargedDays(lines[i]) : run,
    dailyPaise: row.pricePaise,
    linePaise: prices[i],
  }));
  return assemble(kind, campaignTitle(name), priced, now);
}

/** An order's lines as booked: their own days and prices. Nothing about the buyer or the order's id. */
export function orderPlan(lines: OrderPlanLineRow[], now: Date): Plan {
  const names = [...new Set(lines.map((l) => campaignTitle(l.campaignName)))];
  const title =
    names.length <= 1 ? (names[0] ?? 'Booked campaign') : `${names[0]} and ${names.length - 1} more`;
  const priced = lines.map((row) => ({
    row,
    days: row.days,
    dailyPaise: row.days > 0 ? Math.round(row.linePricePaise / row.days) : row.pricePaise,
    linePaise: row.linePricePaise,
  }));
  return assemble('order', title, priced, now);
}
