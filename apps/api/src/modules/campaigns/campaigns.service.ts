import {
  AUDIENCE_SOURCES,
  type AudienceSource,
  type Campaign,
  type CampaignListResponse,
  type CampaignProductEntry,
  type CampaignQuery,
  type CampaignType,
  campaignLinePaise,
  campaignTitle,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { unavailableDates } from '../availability/availability.service.ts';
import { audienceOf } from '../products/products.service.ts';
import { pageLinks } from '../products/query-helpers.ts';
import {
  type CampaignEntryRow,
  type CampaignRow,
  type CampaignScope,
  findCampaignEntries,
  findCampaignPage,
  findCampaignsByIds,
  findCampaignType,
} from './campaigns.repository.ts';

export type { CampaignScope } from './campaigns.repository.ts';

function toEntry(row: CampaignEntryRow, dates: string[], paise: number): CampaignProductEntry {
  return {
    from_date: row.fromDate,
    to_date: row.toDate,
    product: {
      id: row.productId,
      product_id: row.productCode,
      name: row.name,
      price: toRupees(row.pricePaise),
      unavailable_dates: dates,
      booking_duration: row.bookingDuration,
      images: row.images,
      image_size: row.imageSize,
      latitude: row.latitude,
      longitude: row.longitude,
      category: row.categoryName,
      city: row.city,
      audience: audienceOf(row),
    },
    price: toRupees(paise),
  };
}

/** The distinct sources of the entries' audience figures, in AUDIENCE_SOURCES order (decision 080). */
export function sourcesOf(rows: readonly CampaignEntryRow[]): AudienceSource[] {
  const present = new Set(rows.filter((r) => r.impression !== null).map((r) => r.audienceSource));
  return AUDIENCE_SOURCES.filter((s) => present.has(s));
}

/** Line prices of one campaign's entries, booked together (campaignLinePaise: docs/product-rules.md section 3a). */
export const pricesOf = (rows: CampaignEntryRow[]) =>
  campaignLinePaise(
    rows.map((e) => ({
      price: toRupees(e.pricePaise),
      booking_duration: e.bookingDuration,
      from_date: e.fromDate,
      to_date: e.toDate,
    })),
  );

/** Campaign rows to the wire shape, with three queries in all however many campaigns: rows, entries, dates. */
async function toCampaigns(db: Db, clock: Clock, rows: CampaignRow[]): Promise<Campaign[]> {
  const entryRows = await findCampaignEntries(
    db,
    rows.map((r) => r.id),
  );
  const dates = await unavailableDates(
    db,
    clock,
    entryRows.map((e) => e.productId),
  );
  const byCampaign = new Map<number, CampaignEntryRow[]>();
  for (const e of entryRows) {
    const list = byCampaign.get(e.campaignId) ?? [];
    list.push(e);
    byCampaign.set(e.campaignId, list);
  }
  return rows.map((row) => {
    const rowsOfCampaign = byCampaign.get(row.id) ?? [];
    const prices = pricesOf(rowsOfCampaign);
    const entries = rowsOfCampaign.map((e, i) => ({
      entry: toEntry(e, dates.get(e.productId) ?? [], prices[i]),
      paise: prices[i],
      e,
    }));
    // A campaign the user built has no images of its own: show its sites' pictures instead.
    const images = row.images.length
      ? row.images
      : [...new Set(entries.map(({ e }) => e.images[0]).filter((i): i is string => Boolean(i)))];
    return {
      id: row.id,
      type: row.type,
      // Names stored before the fallback covered invisible characters still show a title.
      name: campaignTitle(row.name),
      description: row.description,
      images,
      total_locations: entries.length,
      impressions: entries.reduce((sum, { e }) => sum + (e.impression ?? 0), 0),
      audience_sources: sourcesOf(rowsOfCampaign),
      price: toRupees(entries.reduce((sum, { paise }) => sum + paise, 0)),
      products: entries.map(({ entry }) => entry),
    };
  });
}

/**
 * Campaigns by id as the API shows them, in the order of `ids`; ids outside `scope` (or unknown) are
 * left out. Serves both types: the customized-campaign module passes { type: 'customized', userId }.
 */
export async function loadCampaignViews(
  db: Db,
  clock: Clock,
  ids: number[],
  scope: CampaignScope = {},
): Promise<Campaign[]> {
  const rows = await findCampaignsByIds(db, [...new Set(ids)], scope);
  const views = new Map((await toCampaigns(db, clock, rows)).map((c) => [c.id, c]));
  return ids.map((id) => views.get(id)).filter((c): c is Campaign => c !== undefined);
}

/** One campaign as the API shows it, or null when unknown or outside `scope`. */
export async function loadCampaignView(
  db: Db,
  clock: Clock,
  id: number,
  scope: CampaignScope = {},
): Promise<Campaign | null> {
  const [view] = await loadCampaignViews(db, clock, [id], scope);
  return view ?? null;
}

/** GET /campaign: standard campaigns in id order, optionally searched by name and description. */
export async function listStandardCampaigns(
  db: Db,
  clock: Clock,
  q: CampaignQuery,
): Promise<CampaignListResponse> {
  const { rows, count } = await findCampaignPage(
    db,
    { type: 'standard' },
    q.search || undefined,
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  const links = pageLinks('/api/campaign', [['search', q.search || undefined]], q.page, q.page_size, count);
  return { payload: { count, ...links, results: await toCampaigns(db, clock, rows) } };
}

/** GET /campaign/{id}: standard campaigns only; a customized one answers 404 here, as an unknown id does. */
export async function getStandardCampaign(db: Db, clock: Clock, id: number): Promise<Campaign> {
  const view = await loadCampaignView(db, clock, id, { type: 'standard' });
  if (!view) throw notFound('Campaign');
  return view;
}

export async function campaignTypeOf(db: Db, id: number): Promise<CampaignType> {
  const type = await findCampaignType(db, id);
  if (!type) throw notFound('Campaign');
  return type;
}
