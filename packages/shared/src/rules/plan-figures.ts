import type { CampaignProductEntry } from '../schemas/campaign.schemas.ts';
import { AUDIENCE_MODEL_NAME, estimateReach, type ModelLine } from './audience-model.ts';
import { AUDIENCE_SOURCES, type AudienceSource } from './audience-sources.ts';
import { daysBetween } from './dates.ts';
import { campaignLinePaise, campaignMinDays, toPaise } from './pricing.ts';

/**
 * A plan's figures (DESIGN section 20, decision 080): impressions are daily impressions x days per line;
 * CPM is the cost before GST over those impressions x 1,000; reach and frequency are the model's
 * estimates (audience-model.ts). Lines without an audience figure count in none of them: the answer says
 * how many lines it counted, so a CPM over part of a plan is never read as the whole plan's.
 */

export interface FigureLine extends ModelLine {
  /** The line's cost before GST, integer paise. */
  cost_paise: number;
}

export interface PlanFigures {
  impressions: number;
  /** Rupees per thousand impressions, rounded half up to the paisa; null without impressions. */
  cpm: number | null;
  /** People, rounded to the nearest hundred; an estimate. */
  reach_estimate: number;
  /** Average times each person reached sees the plan, one decimal; an estimate; null without reach. */
  frequency_estimate: number | null;
  method: string;
  lines_counted: number;
}

/** daily x days: the impressions of one line. */
export const lineImpressions = (line: Pick<ModelLine, 'daily_impressions' | 'days'>): number =>
  Math.max(0, line.daily_impressions) * Math.max(0, line.days);

/**
 * Cost per thousand in rupees from paise: paise x 1000 / impressions is paise per thousand, rounded half
 * up to a whole paisa in integers (2 x p x 1000 + i) / (2 i), then rupees. Null when there are no impressions.
 */
export function cpmRupees(costPaise: number, impressions: number): number | null {
  if (impressions <= 0) return null;
  const paisePerThousand = Math.floor((2 * costPaise * 1000 + impressions) / (2 * impressions));
  return paisePerThousand / 100;
}

/**
 * A site's CPM for one day, as the catalogue sorts and filters by it (DESIGN section 22): its daily price
 * (before GST) over its daily impressions x 1,000, rounded as cpmRupees rounds. Null without an audience
 * figure. The list's order and filter compare the exact ratio in SQL; this is the figure shown beside it.
 */
export function siteDailyCpm(site: {
  price: number;
  audience: { daily_impressions: number } | null;
}): number | null {
  return site.audience ? cpmRupees(toPaise(site.price), site.audience.daily_impressions) : null;
}

/**
 * The `cpm=min,max` filter (rupees per thousand) as whole paise per thousand, so a site is kept when
 * lo x impressions <= daily paise x 1,000 <= hi x impressions: the SQL filter and the map's in-memory grid
 * then compare integers alike, without a division to round.
 */
export function cpmBoundsPaise(range: readonly [number, number]): [number, number] {
  const paise = (rupees: number) => Math.round(rupees * 1e6) / 1e4;
  return [Math.max(0, Math.ceil(paise(range[0]))), Math.min(1e9, Math.floor(paise(range[1])))];
}

const nearestHundred = (n: number) => Math.round(n / 100) * 100;

export const PLAN_FIGURES_METHOD =
  `Impressions: daily impressions x days per line, as each site's source states them. CPM: cost before GST / ` +
  `impressions x 1,000, rounded to the paisa. Reach and frequency: estimates of ${AUDIENCE_MODEL_NAME}.`;

export function planFigures(
  lines: readonly (FigureLine | (Omit<FigureLine, 'daily_impressions'> & { daily_impressions: null }))[],
): PlanFigures {
  const counted = lines.filter(
    (l): l is FigureLine => l.daily_impressions !== null && l.daily_impressions > 0,
  );
  const impressions = counted.reduce((sum, l) => sum + lineImpressions(l), 0);
  const cost = counted.reduce((sum, l) => sum + l.cost_paise, 0);
  const reach = nearestHundred(estimateReach(counted));
  return {
    impressions,
    cpm: cpmRupees(cost, impressions),
    reach_estimate: reach,
    frequency_estimate: reach > 0 ? Math.round((impressions / reach) * 10) / 10 : null,
    method: PLAN_FIGURES_METHOD,
    lines_counted: counted.length,
  };
}

export interface CampaignPlanFigures extends PlanFigures {
  /** Cost before GST of the counted lines, in paise. */
  cost_paise: number;
  lines: number;
  sources: AudienceSource[];
}

type FigureEntry = Pick<CampaignProductEntry, 'from_date' | 'to_date'> & {
  product: Pick<
    CampaignProductEntry['product'],
    'price' | 'booking_duration' | 'audience' | 'category' | 'city'
  >;
};

/** One campaign's lines as they are priced: a dated line for its dates, one without for the campaign's minimum run. */
function linesOf(entries: readonly FigureEntry[]) {
  const priced = entries.map((e) => ({
    ...e,
    price: e.product.price,
    booking_duration: e.product.booking_duration,
  }));
  const paise = campaignLinePaise(priced);
  const run = campaignMinDays(priced);
  return entries.map((e, i) => ({
    daily_impressions: e.product.audience?.daily_impressions ?? null,
    days: e.from_date && e.to_date ? daysBetween(e.from_date, e.to_date) : run,
    format: e.product.category ?? '',
    city: e.product.city ?? '',
    cost_paise: paise[i],
    source: e.product.audience?.source,
  }));
}

/**
 * The figures of several campaigns booked together (a cart; one campaign is a list of one), each priced
 * as campaignLinePaise prices it, so cost and impressions cover the same days. The server's
 * GET /api/campaigns/{id}/figures and the pages read this one rule.
 */
export function plansFigures(campaigns: readonly (readonly FigureEntry[])[]): CampaignPlanFigures {
  return sourcedFigures(campaigns.flatMap(linesOf));
}

/** A line as priced, with its site's figure (null: none) and where the figure comes from. */
export type SourcedLine = Omit<FigureLine, 'daily_impressions'> & {
  daily_impressions: number | null;
  source?: AudienceSource;
};

/**
 * The figures of priced lines with their sources (a cart, a plan export, a booked order): planFigures
 * plus the counted lines' cost, how many lines there are, and their sources in AUDIENCE_SOURCES order.
 */
export function sourcedFigures(lines: readonly SourcedLine[]): CampaignPlanFigures {
  const counted = lines.filter((l) => (l.daily_impressions ?? 0) > 0);
  const present = new Set(counted.map((l) => l.source));
  return {
    ...planFigures(lines as Parameters<typeof planFigures>[0]),
    cost_paise: counted.reduce((sum, l) => sum + l.cost_paise, 0),
    lines: lines.length,
    sources: AUDIENCE_SOURCES.filter((s) => present.has(s)),
  };
}

/** One campaign's figures (plansFigures of one). */
export const campaignPlanFigures = (entries: readonly FigureEntry[]): CampaignPlanFigures =>
  plansFigures([entries]);
