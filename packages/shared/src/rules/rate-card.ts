import { formatRupees } from '../india/india-format.ts';
import { daysBetween, type IsoDate } from './dates.ts';

/**
 * Rate cards and pricing rules (DESIGN section 20, decision 081). Pure and in integer paise. A site's
 * price for `[from, to)` is its rate card's per-day rate for that length times the days, then each
 * seasonal rule on the days it covers (overlapping rules multiply), then its owner's best volume
 * discount for the order. Without rates or rules it is exactly the SPEC's daily price x days.
 */

/** Weekly rates apply from 7 days, four-weekly ones from 28 (per day, as the rate card states them). */
export const WEEKLY_RATE_FROM_DAYS = 7;
export const FOUR_WEEKLY_RATE_FROM_DAYS = 28;
/** Percentages are held as basis points (1 % = 100), so 12.5 % is exact. */
export const BASIS_POINTS = 10_000;

export interface RateCard {
  /** The SPEC's daily price, in paise. */
  dailyPaise: number;
  /** Per-day rate for bookings of 7 days or more, in paise; null: the daily price. */
  weeklyPaise: number | null;
  /** Per-day rate for bookings of 28 days or more, in paise; null: the weekly (or daily) rate. */
  fourWeeklyPaise: number | null;
}

export type RateTier = 'daily' | 'weekly' | 'four_weekly';

export interface SeasonalRule {
  id: number;
  name: string;
  /** First day covered. */
  fromDate: IsoDate;
  /** The day after the last day covered (exclusive, like every range). */
  toDate: IsoDate;
  /** Up (positive) or down (negative), in basis points; never -100 % or below. */
  percentBp: number;
  /** The sites it applies to; null or absent: every site of its owner. */
  productIds?: readonly number[] | null;
}

/** The seasonal rules that apply to one site: those of every site, and those naming this one. */
export function seasonalRulesFor(rules: readonly SeasonalRule[], productId: number): SeasonalRule[] {
  return rules.filter((r) => r.productIds == null || r.productIds.includes(productId));
}

/** A volume discount: met by `minSites` or more of the owner's sites, or by the owner's lines above `minValuePaise`. */
export interface VolumeRule {
  id: number;
  name: string;
  minSites: number | null;
  minValuePaise: number | null;
  /** The discount, in basis points (positive; 1000 = 10 % off). */
  percentBp: number;
}

export type PriceLineKind = 'base' | 'seasonal' | 'volume' | 'package';

export interface PriceLine {
  kind: PriceLineKind;
  /** What this part is, as people read it ("Four-weekly rate", "Diwali +20 %"). */
  label: string;
  /** Days this part covers (all days for the base and volume lines). */
  days: number;
  /** Per-day rate of the base line, in paise; null for adjustments. */
  ratePaise: number | null;
  /** Basis points of an adjustment (the combined factor minus one where rules overlap); null for the base. */
  percentBp: number | null;
  /** Signed amount in paise: the base is positive, a discount negative. */
  amountPaise: number;
  /** The rules this part comes from. */
  ruleIds: number[];
}

export interface SitePrice {
  tier: RateTier;
  days: number;
  lines: PriceLine[];
  totalPaise: number;
}

/**
 * The one rounding of this module: a fraction of a paisa rounds half up (away from zero for a
 * discount), once per breakdown line, so the lines always add up to the total shown and charged.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** The rate card's tier for a booking of `days` days: the longest tier the card has and the length reaches. */
export function rateFor(card: RateCard, days: number): { tier: RateTier; ratePaise: number } {
  if (days >= FOUR_WEEKLY_RATE_FROM_DAYS && card.fourWeeklyPaise != null) {
    return { tier: 'four_weekly', ratePaise: card.fourWeeklyPaise };
  }
  if (days >= WEEKLY_RATE_FROM_DAYS && card.weeklyPaise != null) {
    return { tier: 'weekly', ratePaise: card.weeklyPaise };
  }
  return { tier: 'daily', ratePaise: card.dailyPaise };
}

const TIER_LABEL: Record<RateTier, string> = {
  daily: 'Daily rate',
  weekly: 'Weekly rate',
  four_weekly: 'Four-weekly rate',
};

/** "+20 %", "-12.5 %": a rule's percentage as people read it. */
export function percentLabel(bp: number): string {
  const sign = bp > 0 ? '+' : bp < 0 ? '-' : '';
  return `${sign}${Math.abs(bp) / 100} %`;
}

/** Days of `[from, to)` covered by `[ruleFrom, ruleTo)`. */
function overlapDays(from: IsoDate, to: IsoDate, ruleFrom: IsoDate, ruleTo: IsoDate): number {
  const start = from > ruleFrom ? from : ruleFrom;
  const end = to < ruleTo ? to : ruleTo;
  return start < end ? daysBetween(start, end) : 0;
}

/**
 * Splits the range by the set of seasonal rules covering each day: one adjustment line per set, its
 * factor the product of the set's factors. Boundaries are the rules' own dates, so this walks a few
 * segments, never the days one by one.
 */
function seasonalLines(
  from: IsoDate,
  to: IsoDate,
  ratePaise: number,
  rules: readonly SeasonalRule[],
): PriceLine[] {
  const relevant = rules.filter((r) => overlapDays(from, to, r.fromDate, r.toDate) > 0);
  const cuts = [
    ...new Set([
      from,
      to,
      ...relevant.flatMap((r) => [r.fromDate, r.toDate]).filter((d) => d > from && d < to),
    ]),
  ].sort();
  const bySet = new Map<string, { rules: SeasonalRule[]; days: number }>();
  for (let i = 0; i + 1 < cuts.length; i++) {
    const covering = relevant.filter((r) => r.fromDate <= cuts[i] && cuts[i] < r.toDate);
    if (!covering.length) continue;
    const key = covering.map((r) => r.id).join(',');
    const entry = bySet.get(key) ?? { rules: covering, days: 0 };
    entry.days += daysBetween(cuts[i], cuts[i + 1]);
    bySet.set(key, entry);
  }
  return [...bySet.values()].map(({ rules: set, days }) => {
    const scale = BigInt(BASIS_POINTS) ** BigInt(set.length);
    const factor = set.reduce((acc, r) => acc * BigInt(BASIS_POINTS + r.percentBp), 1n);
    const amountPaise = roundHalfUp(BigInt(ratePaise) * BigInt(days) * (factor - scale), scale);
    const combinedBp = roundHalfUp((factor - scale) * BigInt(BASIS_POINTS), scale);
    return {
      kind: 'seasonal' as const,
      label: set.map((r) => `${r.name} ${percentLabel(r.percentBp)}`).join(' × '),
      days,
      ratePaise: null,
      percentBp: combinedBp,
      amountPaise,
      ruleIds: set.map((r) => r.id),
    };
  });
}

/** A site's price for `[from, to)` before any volume discount: the rate card's tier, then the seasons. */
export function priceSite(
  card: RateCard,
  from: IsoDate,
  to: IsoDate,
  seasonal: readonly SeasonalRule[] = [],
): SitePrice {
  const days = daysBetween(from, to);
  const { tier, ratePaise } = rateFor(card, days);
  const base: PriceLine = {
    kind: 'base',
    label: TIER_LABEL[tier],
    days,
    ratePaise,
    percentBp: null,
    amountPaise: ratePaise * days,
    ruleIds: [],
  };
  const lines = [base, ...seasonalLines(from, to, ratePaise, seasonal)];
  return { tier, days, lines, totalPaise: lines.reduce((s, l) => s + l.amountPaise, 0) };
}

/** Whether a volume rule is met: N or more sites ("N or more"), or a value strictly above X ("above X"). */
export function volumeRuleMet(rule: VolumeRule, siteCount: number, valuePaise: number): boolean {
  if (rule.minSites != null && siteCount >= rule.minSites) return true;
  return rule.minValuePaise != null && valuePaise > rule.minValuePaise;
}

/**
 * The owner's volume discount for its part of one order: the largest discount among the rules met
 * (discounts do not stack). `siteCount` counts distinct sites, `valuePaise` the owner's lines after seasons.
 */
export function bestVolumeRule(
  rules: readonly VolumeRule[],
  siteCount: number,
  valuePaise: number,
): VolumeRule | null {
  let best: VolumeRule | null = null;
  for (const rule of rules) {
    if (volumeRuleMet(rule, siteCount, valuePaise) && (!best || rule.percentBp > best.percentBp)) best = rule;
  }
  return best;
}

export interface OrderLineInput {
  /** The owner whose volume rules apply; null: none. */
  ownerId: number | null;
  productId: number;
  price: SitePrice;
  /** The line's range; a package matches only a line of exactly its dates (absent: no package). */
  fromDate?: IsoDate;
  toDate?: IsoDate;
}

/** A package (DESIGN section 20): a set of one owner's sites for one period at one price before GST. */
export interface PackageDeal {
  id: number;
  ownerId: number;
  name: string;
  productIds: readonly number[];
  fromDate: IsoDate;
  toDate: IsoDate;
  pricePaise: number;
}

/**
 * Which lines each package takes: a package applies when the order holds every one of its sites for
 * exactly its dates; a line goes to one package at most (the lower id first). Answers line index ->
 * package and the line's share of the package price.
 */
function packageShares(
  lines: readonly OrderLineInput[],
  packages: readonly PackageDeal[],
): Map<number, { deal: PackageDeal; sharePaise: number }> {
  const taken = new Map<number, { deal: PackageDeal; sharePaise: number }>();
  for (const deal of [...packages].sort((a, b) => a.id - b.id)) {
    const indexes: number[] = [];
    for (const productId of deal.productIds) {
      const i = lines.findIndex(
        (l, at) =>
          !taken.has(at) &&
          !indexes.includes(at) &&
          l.productId === productId &&
          l.ownerId === deal.ownerId &&
          l.fromDate === deal.fromDate &&
          l.toDate === deal.toDate,
      );
      if (i < 0) break;
      indexes.push(i);
    }
    if (indexes.length !== deal.productIds.length || indexes.length === 0) continue;
    // The package price split in proportion to the lines' rate-card prices, each share rounded half up
    // once; the paise left over (either way) go to the dearest line so the shares add up exactly.
    const weights = indexes.map((i) => BigInt(lines[i].price.totalPaise));
    const sum = weights.reduce((a, b) => a + b, 0n);
    const shares = weights.map((w) =>
      sum > 0n
        ? roundHalfUp(BigInt(deal.pricePaise) * w, sum)
        : roundHalfUp(BigInt(deal.pricePaise), BigInt(weights.length)),
    );
    const dearest = weights.reduce((best, w, k) => (w > weights[best] ? k : best), 0);
    shares[dearest] += deal.pricePaise - shares.reduce((a, b) => a + b, 0);
    indexes.forEach((i, k) => {
      taken.set(i, { deal, sharePaise: shares[k] });
    });
  }
  return taken;
}

/** The package line on one site's price: the difference between its share and its rate-card price. */
function withPackage(price: SitePrice, deal: PackageDeal, sharePaise: number): SitePrice {
  const line: PriceLine = {
    kind: 'package',
    label: `Package: ${deal.name}`,
    days: price.days,
    ratePaise: null,
    percentBp: null,
    amountPaise: sharePaise - price.totalPaise,
    ruleIds: [deal.id],
  };
  return { ...price, lines: [...price.lines, line], totalPaise: sharePaise };
}

/** A volume discount line on one site's price: its share, rounded once like every line. */
function withVolume(price: SitePrice, rule: VolumeRule): SitePrice {
  const discount: PriceLine = {
    kind: 'volume',
    label: `${rule.name} ${percentLabel(-rule.percentBp)}`,
    days: price.days,
    ratePaise: null,
    percentBp: -rule.percentBp,
    amountPaise: -roundHalfUp(BigInt(price.totalPaise) * BigInt(rule.percentBp), BigInt(BASIS_POINTS)),
    ruleIds: [rule.id],
  };
  return { ...price, lines: [...price.lines, discount], totalPaise: price.totalPaise + discount.amountPaise };
}

/**
 * Every line of one order priced together: each owner's best volume rule met by its lines (distinct
 * sites, value after seasons) is applied to each of that owner's lines, except the lines a package
 * takes (every site of the package for exactly its dates), which are priced at their share of the
 * package price. Answers the lines in order.
 */
export function priceOrderLines(
  lines: readonly OrderLineInput[],
  volumeRulesOf: (ownerId: number) => readonly VolumeRule[],
  packages: readonly PackageDeal[] = [],
): SitePrice[] {
  // A package's lines are priced by the package alone: no volume discount on them, and they do not
  // count towards one for the owner's other lines (decision 090).
  const inPackage = packageShares(lines, packages);
  const byOwner = new Map<number, { sites: Set<number>; valuePaise: number }>();
  for (const [at, line] of lines.entries()) {
    if (line.ownerId == null || inPackage.has(at)) continue;
    const entry = byOwner.get(line.ownerId) ?? { sites: new Set<number>(), valuePaise: 0 };
    entry.sites.add(line.productId);
    entry.valuePaise += line.price.totalPaise;
    byOwner.set(line.ownerId, entry);
  }
  const chosen = new Map<number, VolumeRule | null>();
  for (const [ownerId, { sites, valuePaise }] of byOwner) {
    chosen.set(ownerId, bestVolumeRule(volumeRulesOf(ownerId), sites.size, valuePaise));
  }
  return lines.map((line, at) => {
    const deal = inPackage.get(at);
    if (deal) return withPackage(line.price, deal.deal, deal.sharePaise);
    const rule = line.ownerId == null ? null : chosen.get(line.ownerId);
    return rule ? withVolume(line.price, rule) : line.price;
  });
}

/**
 * The rate card reads as a discount for longer bookings: a weekly rate per day at most the daily price,
 * a four-weekly one at most the weekly (or daily) rate. Refusing the rest catches the common slip of
 * typing a week's total where the per-day rate belongs. Answers messages by form field.
 */
export function rateCardProblems(card: RateCard): Record<string, string> {
  const problems: Record<string, string> = {};
  const rupees = (paise: number) => formatRupees(paise / 100);
  if (card.weeklyPaise != null && card.weeklyPaise > card.dailyPaise) {
    problems.weekly_price = `The weekly rate is per day and at most the daily price (${rupees(card.dailyPaise)}).`;
  }
  const ceiling = card.weeklyPaise ?? card.dailyPaise;
  if (card.fourWeeklyPaise != null && card.fourWeeklyPaise > ceiling) {
    problems.four_weekly_price = `The four-weekly rate is per day and at most the ${card.weeklyPaise != null ? 'weekly rate' : 'daily price'} (${rupees(ceiling)}).`;
  }
  return problems;
}

/** The wire's rate card (rupees per day) as the rule's (paise). */
export function rateCardFromRupees(rates: {
  daily: number;
  weekly: number | null;
  four_weekly: number | null;
}): RateCard {
  const paise = (rupees: number) => Math.round(rupees * 100);
  return {
    dailyPaise: paise(rates.daily),
    weeklyPaise: rates.weekly == null ? null : paise(rates.weekly),
    fourWeeklyPaise: rates.four_weekly == null ? null : paise(rates.four_weekly),
  };
}

/** What the minimum booking costs before seasons and discounts: its days at the tier they reach. */
export function minimumBookingPaise(card: RateCard, minimumDays: number): number {
  return rateFor(card, minimumDays).ratePaise * minimumDays;
}
