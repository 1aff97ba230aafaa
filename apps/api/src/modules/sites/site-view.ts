import {
  type OpsSite,
  type PartnerSite,
  REVIEWED_SITE_FIELDS,
  SITE_CATEGORIES,
  type SiteFields,
  type SitePhoto,
  toRupees,
} from '@ooh/shared';
import { audienceOf } from '../products/products.service.ts';
import type { NewSiteRow, ProductRow, SitePhotoRow, SiteRow } from './sites.repository.ts';

/** Rows to the wire shapes of the owner's console and the back office, and form fields to columns. */

/** Where a display copy is served (public, long cached): GET /api/media/site-photos/{siteId}/{uuid}.webp. */
export const photoUrl = (displayKey: string) => `/api/media/${displayKey}`;

export function toSitePhoto(row: SitePhotoRow): SitePhoto {
  return {
    id: row.id,
    url: photoUrl(row.displayKey),
    width: row.width,
    height: row.height,
    position: row.position,
    status: row.status,
  };
}

/** Something waits for an operator: a submitted site, or changes or new photos of a listed one. */
export function isInReview(row: ProductRow, photos: SitePhotoRow[]): boolean {
  if (row.status === 'pending') return true;
  if (row.status !== 'live' && row.status !== 'paused') return false;
  return row.pendingChanges !== null || photos.some((p) => p.status === 'pending');
}

export function toPartnerSite(row: SiteRow, photos: SitePhotoRow[]): PartnerSite {
  return {
    id: row.id,
    product_id: row.productCode,
    media_owner_id: row.mediaOwnerId,
    status: row.status,
    rejection_reason: row.rejectionReason,
    hold_reason: row.holdReason,
    name: row.name,
    description: row.description,
    category: row.categorySlug,
    category_name: row.categoryName,
    price: toRupees(row.pricePaise),
    weekly_price: row.weeklyPricePaise == null ? null : toRupees(row.weeklyPricePaise),
    four_weekly_price: row.fourWeeklyPricePaise == null ? null : toRupees(row.fourWeeklyPricePaise),
    booking_duration: row.minDays,
    address: row.address,
    city: row.city,
    district: row.district,
    state: row.state,
    pin_code: row.pinCode,
    latitude: row.latitude,
    longitude: row.longitude,
    width_ft: row.widthFt,
    height_ft: row.heightFt,
    lighting: row.lighting,
    image_format: row.imageFormat,
    impression: row.impression,
    audience: audienceOf(row),
    photos: photos.map(toSitePhoto),
    images: row.images,
    pending_changes: row.pendingChanges ?? null,
    in_review: isInReview(row, photos),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toOpsSite = (row: SiteRow, photos: SitePhotoRow[]): OpsSite => ({
  ...toPartnerSite(row, photos),
  media_owner_name: row.mediaOwnerName,
});

const feet = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Form fields (all or some) to product columns. The category becomes an id through `categoryId`; the
 * minimum booking is stored as whole days in both booking_duration and min_days.
 */
export function columnsOf(
  fields: Partial<SiteFields>,
  current: { widthFt: number | null; heightFt: number | null },
): Partial<NewSiteRow> {
  const c: Partial<NewSiteRow> = {};
  if (fields.site_code !== undefined) c.productCode = fields.site_code;
  if (fields.name !== undefined) c.name = fields.name;
  if (fields.description !== undefined) c.description = fields.description;
  if (fields.price !== undefined) c.pricePaise = Math.round(fields.price * 100);
  if (fields.weekly_price !== undefined) {
    c.weeklyPricePaise = fields.weekly_price == null ? null : Math.round(fields.weekly_price * 100);
  }
  if (fields.four_weekly_price !== undefined) {
    c.fourWeeklyPricePaise =
      fields.four_weekly_price == null ? null : Math.round(fields.four_weekly_price * 100);
  }
  if (fields.booking_duration !== undefined) {
    c.bookingDuration = fields.booking_duration;
    c.minDays = fields.booking_duration;
  }
  if (fields.address !== undefined) c.address = fields.address;
  if (fields.city !== undefined) c.city = fields.city;
  if (fields.district !== undefined) c.district = fields.district;
  if (fields.state !== undefined) c.state = fields.state;
  if (fields.pin_code !== undefined) c.pinCode = fields.pin_code;
  if (fields.latitude !== undefined) c.latitude = fields.latitude;
  if (fields.longitude !== undefined) c.longitude = fields.longitude;
  if (fields.width_ft !== undefined) c.widthFt = fields.width_ft;
  if (fields.height_ft !== undefined) c.heightFt = fields.height_ft;
  if (fields.lighting !== undefined) c.lighting = fields.lighting;
  if (fields.image_format !== undefined) c.imageFormat = fields.image_format;
  if (fields.impression !== undefined) c.impression = fields.impression;
  if (fields.audience_source !== undefined) c.audienceSource = fields.audience_source;
  if (fields.audience_measured_on !== undefined) c.audienceMeasuredOn = fields.audience_measured_on;
  if (fields.audience_method !== undefined) c.audienceMethod = fields.audience_method;
  // The buyer's "size" text follows the dimensions, so it never disagrees with them.
  const width = c.widthFt ?? current.widthFt;
  const height = c.heightFt ?? current.heightFt;
  if ((c.widthFt !== undefined || c.heightFt !== undefined) && width && height) {
    c.imageSize = `${feet(width)} x ${feet(height)} ft`;
  }
  return c;
}

/** The audience fields an owner may change; a real change of any of them clears the operator's verified mark. */
const AUDIENCE_COLUMNS = ['impression', 'audienceSource', 'audienceMeasuredOn', 'audienceMethod'] as const;

/** The verified mark stays only while the figure it was given to stays (decision 080). */
export function audienceChanged(row: SiteRow | ProductRow, values: Partial<NewSiteRow>): boolean {
  return AUDIENCE_COLUMNS.some((k) => values[k] !== undefined && values[k] !== row[k]);
}

export const categoryName = (slug: string) => SITE_CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;

type Reviewed = (typeof REVIEWED_SITE_FIELDS)[number];
const REVIEWED = new Set<string>(REVIEWED_SITE_FIELDS);

/** The live value of a reviewed field, to tell a real change from the same value typed again. */
function liveValue(row: ProductRow, field: Reviewed): unknown {
  const map: Record<Reviewed, unknown> = {
    name: row.name,
    address: row.address,
    city: row.city,
    district: row.district,
    state: row.state,
    pin_code: row.pinCode,
    latitude: row.latitude,
    longitude: row.longitude,
  };
  return map[field];
}

/**
 * A change to a listed (live or paused) site: reviewed fields join the waiting changes (a value equal to
 * the live one withdraws its waiting change), the rest apply at once.
 */
export function splitListedChange(
  row: ProductRow,
  fields: Partial<SiteFields>,
): { immediate: Partial<SiteFields>; pending: Record<string, unknown> | null } {
  const immediate: Record<string, unknown> = {};
  const pending: Record<string, unknown> = { ...(row.pendingChanges ?? {}) };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!REVIEWED.has(key)) {
      immediate[key] = value;
    } else if (liveValue(row, key as Reviewed) === value) {
      delete pending[key];
    } else {
      pending[key] = value;
    }
  }
  return {
    immediate: immediate as Partial<SiteFields>,
    pending: Object.keys(pending).length ? pending : null,
  };
}
