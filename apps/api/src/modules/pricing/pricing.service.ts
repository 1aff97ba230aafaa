import {
  type IsoDate,
  type PackageDeal,
  priceOrderLines,
  priceSite,
  type RateCard,
  type SeasonalRule,
  type SitePrice,
  seasonalRulesFor,
  type VolumeRule,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { findPackagesOfOwners, findRulesOfOwners, type PricingRuleRow } from './pricing.repository.ts';

/** One line to price: a site (its rate card and owner) for `[fromDate, toDate)`. */
export interface PricingInput {
  productId: number;
  ownerId: number | null;
  card: RateCard;
  fromDate: IsoDate;
  toDate: IsoDate;
}

/** The stored columns as the shared rule's rate card. */
export const rateCardOf = (row: {
  pricePaise: number;
  weeklyPricePaise: number | null;
  fourWeeklyPricePaise: number | null;
}): RateCard => ({
  dailyPaise: row.pricePaise,
  weeklyPaise: row.weeklyPricePaise,
  fourWeeklyPaise: row.fourWeeklyPricePaise,
});

const seasonalOf = (row: PricingRuleRow): SeasonalRule | null =>
  row.kind === 'seasonal' && row.fromDate && row.toDate
    ? {
        id: row.id,
        name: row.name,
        fromDate: row.fromDate,
        toDate: row.toDate,
        percentBp: row.percentBp,
        productIds: row.productIds,
      }
    : null;

const volumeOf = (row: PricingRuleRow): VolumeRule | null =>
  row.kind === 'volume'
    ? {
        id: row.id,
        name: row.name,
        minSites: row.minSites,
        minValuePaise: row.minValuePaise,
        percentBp: row.percentBp,
      }
    : null;

/**
 * Prices the lines of one order (or one quote) by the shared rules (decision 081) with their owners'
 * rules and packages as they stand now (decision 090): every caller that charges or shows a price goes through here, so the product
 * page, the order and the quotation agree. Answers the lines in order.
 */
export async function priceLines(db: Db, lines: readonly PricingInput[]): Promise<SitePrice[]> {
  const ownerIds = [...new Set(lines.map((l) => l.ownerId).filter((id): id is number => id != null))];
  const rows = await findRulesOfOwners(db, ownerIds);
  const packages: PackageDeal[] = (await findPackagesOfOwners(db, ownerIds)).map((p) => ({
    id: p.id,
    ownerId: p.mediaOwnerId,
    name: p.name,
    productIds: p.productIds,
    fromDate: p.fromDate,
    toDate: p.toDate,
    pricePaise: p.pricePaise,
  }));
  const seasonal = new Map<number, SeasonalRule[]>();
  const volume = new Map<number, VolumeRule[]>();
  for (const row of rows) {
    const s = seasonalOf(row);
    if (s) seasonal.set(row.mediaOwnerId, [...(seasonal.get(row.mediaOwnerId) ?? []), s]);
    const v = volumeOf(row);
    if (v) volume.set(row.mediaOwnerId, [...(volume.get(row.mediaOwnerId) ?? []), v]);
  }
  const priced = lines.map((line) => ({
    ownerId: line.ownerId,
    productId: line.productId,
    fromDate: line.fromDate,
    toDate: line.toDate,
    price: priceSite(
      line.card,
      line.fromDate,
      line.toDate,
      line.ownerId == null ? [] : seasonalRulesFor(seasonal.get(line.ownerId) ?? [], line.productId),
    ),
  }));
  return priceOrderLines(priced, (ownerId) => volume.get(ownerId) ?? [], packages);
}

/**
 * Each line's price by its rate card and its owner's seasonal rules alone, before any volume discount or
 * package: what a package is split by and saves against (decision 090).
 */
export async function rateCardPrices(db: Db, lines: readonly PricingInput[]): Promise<SitePrice[]> {
  const ownerIds = [...new Set(lines.map((l) => l.ownerId).filter((id): id is number => id != null))];
  const seasonal = (await findRulesOfOwners(db, ownerIds))
    .map((row) => ({ ownerId: row.mediaOwnerId, rule: seasonalOf(row) }))
    .filter((r): r is { ownerId: number; rule: SeasonalRule } => r.rule !== null);
  return lines.map((line) =>
    priceSite(
      line.card,
      line.fromDate,
      line.toDate,
      seasonalRulesFor(
        seasonal.filter((r) => r.ownerId === line.ownerId).map((r) => r.rule),
        line.productId,
      ),
    ),
  );
}

/** Basis points as the percent people read (2000 -> 20). */
