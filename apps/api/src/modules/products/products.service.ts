import {
  type Audience,
  addDays,
  cpmBoundsPaise,
  earliestStartDate,
  FLEXIBLE_DAYS,
  firstFreeStart,
  MAX_DB_ID,
  PRODUCT_IDS_MAX,
  type Product,
  type ProductIdsQuery,
  type ProductIdsResponse,
  type ProductListResponse,
  type ProductOrdering,
  type ProductQuery,
  todayIst,
  toRupees,
  UNAVAILABLE_WINDOW_DAYS,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import {
  liveHoldsOf,
  liveHoldsOfMany,
  nearestFreeRanges,
  unavailableDates,
} from '../availability/availability.service.ts';
import type { ProductFilters } from './product-conditions.ts';
import { toSearchWords } from './product-search.ts';
import {
  countProducts,
  countTakenProducts,
  findNearPage,
  findProductById,
  findProductIds,
  findProductPage,
  type ProductRow,
} from './products.repository.ts';
import { clampInt, pageLinks } from './query-helpers.ts';

export function toProduct(row: ProductRow & { distanceKm?: number }, dates: string[]): Product {
  const product: Product = {
    id: row.id,
    product_id: row.productCode,
    name: row.name,
    description: row.description,
    price: toRupees(row.pricePaise),
    address: row.address,
    images: row.images,
    unavailable_dates: dates,
    booking_duration: row.bookingDuration,
    minimum_days: row.minDays,
    rates: {
      daily: toRupees(row.pricePaise),
      weekly: row.weeklyPricePaise == null ? null : toRupees(row.weeklyPricePaise),
      four_weekly: row.fourWeeklyPricePaise == null ? null : toRupees(row.fourWeeklyPricePaise),
    },
    category: row.categoryName,
    image_size: row.imageSize,
    image_format: row.imageFormat,
    lighting: row.lighting,
    state: row.state,
    district: row.district,
    city: row.city,
    pin_code: row.pinCode,
    impression: row.impression,
    audience: audienceOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
  };
  if (row.distanceKm !== undefined) product.distance_km = Math.round(row.distanceKm * 100) / 100;
  return product;
}

/** The site's daily impressions with where they come from (decision 080); null without a figure. */
export function audienceOf(
  row: Pick<
    ProductRow,
    'impression' | 'audienceSource' | 'audienceMeasuredOn' | 'audienceMethod' | 'audienceVerifiedAt'
  >,
): Audience | null {
  if (row.impression === null) return null;
  return {
    daily_impressions: row.impression,
    source: row.audienceSource,
    measured_on: row.audienceMeasuredOn,
    method: row.audienceMethod,
    verified: row.audienceVerifiedAt !== null,
  };
}

/**
 * Without dates asked, `free_from` says when the site can first start a booking of its minimum length
 * (issue 48: "Free from 12 Dec" on its card), read from the same unavailable dates the answer carries.
 */
function withFreeFrom(product: Product, row: ProductRow, now: Date): Product {
  const windowEnd = addDays(todayIst(now), UNAVAILABLE_WINDOW_DAYS);
  const from = firstFreeStart(product.unavailable_dates, row.minDays, earliestStartDate(now), windowEnd);
  if (from !== null) product.free_from = from;
  return product;
}

/** The client's untouched range is [0,0] (docs/product-spec.md section 3): it means "no filter", not "exactly 0". */
const activeRange = (r: [number, number] | undefined) => (r && !(r[0] === 0 && r[1] === 0) ? r : undefined);

/** Rupees to paise without float drift (10.1 x 100 is 1009.999...). */
const paise = (rupees: number) => Math.round(rupees * 1e6) / 1e4;

/** The query in database terms: search as words (with their other spellings), dates as of `now`. */
export async function toFilters(
  db: Db,
  clock: Clock,
  cache: CatalogueCache,
  q: Omit<ProductIdsQuery, 'flexible'> & { flexible?: boolean },
): Promise<ProductFilters> {
  const price = activeRange(q.price);
  const impression = activeRange(q.impression);
  const cpm = activeRange(q.cpm);
  const list = (values: string[] | undefined) => (values?.length ? values : undefined);
  const category = list(q.category);
  const now = clock.now();
  return {
    words: await toSearchWords(db, cache, q.search),
    category: category && {
      ids: category.filter((v) => /^\d{1,10}$/.test(v) && Number(v) <= MAX_DB_ID).map(Number),
      names: category.map((v) => v.toLowerCase()),
    },
    states: list(q.state),
    districts: list(q.district),
    lightings: list(q.lighting),
    pricePaise: price && [clampInt(Math.ceil(paise(price[0]))), clampInt(Math.floor(paise(price[1])))],
    impression: impression && [clampInt(Math.ceil(impression[0])), clampInt(Math.floor(impression[1]))],
    cpmPaise: cpm && cpmBoundsPaise(cpm),
    ids: q.ids?.length ? q.ids : undefined,
    bbox: q.bbox,
    near:
      q.near && q.radius_km !== undefined
        ? { lat: q.near[0], lng: q.near[1], radiusKm: q.radius_km }
        : undefined,
    dates:
      q.available_from && q.available_to
        ? {
            from: q.available_from,
            to: q.available_to,
            now,
            flexible: q.flexible ? { shiftDays: FLEXIBLE_DAYS, earliest: earliestStartDate(now) } : undefined,
          }
        : undefined,
  };
}

/**
 * How many products match. Without dates the count depends on products only, so it is kept across bookings
 * (CatalogueCache.productFact). Free for exact dates: that count less the matching sites taken on them,
 * counted each time from the bookings overlapping the dates. Flexible dates are counted site by site.
 */
async function countOf(db: Db, cache: CatalogueCache, filters: ProductFilters): Promise<number> {
  const { dates, ...rest } = filters;
  if (dates?.flexible) return countProducts(db, filters);
  const all = cache.productFact(`product-count:${JSON.stringify(rest)}`, () => countProducts(db, rest));
  if (!dates) return all;
  const [matching, taken] = await Promise.all([all, countTakenProducts(db, rest, dates)]);
  return matching - taken;
}

/** The filters as query pairs again, so next/previous keep them. */
function filterPairs(q: ProductQuery): Array<[string, string | undefined]> {
  const range = (r: [number, number] | undefined) => (activeRange(r) ? `${r?.[0]},${r?.[1]}` : undefined);
  return [
    ['search', q.search || undefined],
    ['category', q.category?.join(',')],
    ['state', q.state?.join(',')],
    ['district', q.district?.join(',')],
    ['lighting', q.lighting?.join(',')],
    ['price', range(q.price)],
    ['impression', range(q.impression)],
    ['cpm', range(q.cpm)],
    ['ordering', q.ordering],
    ['ids', q.ids?.join(',')],
    ['bbox', q.bbox?.join(',')],
    ['near', q.near?.join(',')],
    ['radius_km', q.radius_km === undefined ? undefined : String(q.radius_km)],
    ['available_from', q.available_from],
    ['available_to', q.available_to],
    ['flexible', q.flexible === undefined ? undefined : String(q.flexible)],
  ];
}

/**
 * GET /product/: a page of products in id order (by distance with `near`, by CPM or impressions with `ordering`) with their unavailable dates (one query for the page).
 * The count depends on products only, so it is kept across bookings (CatalogueCache.productFact).
 */
export async function listProducts(
  db: Db,
  clock: Clock,
  cache: CatalogueCache,
  q: ProductQuery,
): Promise<ProductListResponse> {
  const filters = await toFilters(db, clock, cache, q);
  const offset = (q.page - 1) * q.page_size;
  const count = await countOf(db, cache, filters);
  const rows =
    count > offset ? await findPage(db, cache, filters, count, q.page_size, offset, q.ordering) : [];
  const ids = rows.map((r) => r.id);
  // The cards say "On hold until ..." when their dates meet another buyer's hold (decision 084).
  const [dates, holds] = await Promise.all([
    unavailableDates(db, clock, ids),
    liveHoldsOfMany(db, clock, ids),
  ]);
  const free = filters.dates
    ? await nearestFreeRanges(
        db,
        clock,
        rows.map((r) => ({ id: r.id, minDays: r.minDays })),
        {
          from: filters.dates.from,
          to: filters.dates.to,
          shiftDays: filters.dates.flexible?.shiftDays ?? 0,
          earliest: filters.dates.flexible?.earliest ?? filters.dates.from,
        },
      )
    : undefined;
  const links = pageLinks('/api/product/', filterPairs(q), q.page, q.page_size, count);
  const results = rows.map((row) => {
    const product = toProduct(row, dates.get(row.id) ?? []);
    if (!free) return withFreeFrom(product, row, clock.now());
    const range = free.get(row.id);
    if (range) {
      product.free_from = range.from;
      product.free_to = range.to;
    }
    return product;
  });
  for (const product of results) product.holds = holds.get(product.id) ?? [];
  return { payload: { count, ...links, results } };
}

/**
 * A page of the list: nearest first with `near` (which the schema keeps apart from `ordering`); a bbox read
 * as the count says is cheapest.
 */
async function findPage(
  db: Db,
  cache: CatalogueCache,
  filters: ProductFilters,
  count: number,
  limit: number,
  offset: number,
  ordering?: ProductOrdering,
): Promise<Array<ProductRow & { distanceKm?: number }>> {
  const { near } = filters;
  if (near) return findNearPage(db, { ...filters, near }, limit, offset);
  if (!filters.bbox) return findProductPage(db, filters, limit, offset, 'index', ordering);
  // Walking the id order reads about (offset + limit) / share rows, the index about count rows.
  const live = await cache.productFact('product-count:live', () => countProducts(db, {}));
  // With dates the count is of free sites, a smaller share of the box than of the catalogue: still a fair guide.
  const share = count / Math.max(1, live);
  const access = share * count > offset + limit ? 'scan' : 'index';
  return findProductPage(db, filters, limit, offset, access, ordering);
}

/** GET /product/ids: every product the filters match (all pages), for selecting them all at once. */
export async function listProductIds(
  db: Db,
  clock: Clock,
  cache: CatalogueCache,
  q: ProductIdsQuery,
): Promise<ProductIdsResponse> {
  const filters = await toFilters(db, clock, cache, q);
  const count = await countOf(db, cache, filters);
  const ids = count > 0 ? await findProductIds(db, filters, PRODUCT_IDS_MAX) : [];
  return { count, ids };
}

export async function getProduct(db: Db, clock: Clock, id: number): Promise<Product> {
  const row = await findProductById(db, id);
  if (!row) throw notFound('Product');
  const [dates, holds] = await Promise.all([
    unavailableDates(db, clock, [row.id]),
    liveHoldsOf(db, clock, row.id),
  ]);
  return { ...withFreeFrom(toProduct(row, dates.get(row.id) ?? []), row, clock.now()), holds };
}
