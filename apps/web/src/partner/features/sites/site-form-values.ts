import type { PartnerSite, SiteFields, SiteFieldsInput } from '@ooh/shared';

/** The form holds every field as typed text; siteFieldsSchema turns it into the body (numbers, upper case). */
export type SiteFormValues = {
  [K in keyof Required<SiteFieldsInput>]: string;
};
export type SiteFieldName = keyof SiteFormValues;

export const SITE_FIELD_ORDER: SiteFieldName[] = [
  'name',
  'site_code',
  'category',
  'description',
  'price',
  'booking_duration',
  'weekly_price',
  'four_weekly_price',
  'width_ft',
  'height_ft',
  'lighting',
  'image_format',
  'impression',
  'audience_source',
  'audience_measured_on',
  'audience_method',
  'address',
  'city',
  'district',
  'state',
  'pin_code',
  'latitude',
  'longitude',
];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function emptySiteValues(): SiteFormValues {
  return Object.fromEntries(SITE_FIELD_ORDER.map((n) => [n, ''])) as SiteFormValues;
}

export function toSiteFormValues(site: PartnerSite): SiteFormValues {
  return {
    name: site.name,
    site_code: site.product_id,
    category: site.category,
    description: site.description,
    price: text(site.price),
    booking_duration: text(site.booking_duration),
    weekly_price: text(site.weekly_price),
    four_weekly_price: text(site.four_weekly_price),
    width_ft: text(site.width_ft),
    height_ft: text(site.height_ft),
    lighting: text(site.lighting),
    image_format: text(site.image_format),
    impression: text(site.impression),
    audience_source: text(site.audience?.source),
    audience_measured_on: text(site.audience?.measured_on),
    audience_method: text(site.audience?.method),
    address: site.address,
    city: site.city,
    district: site.district,
    state: site.state,
    pin_code: site.pin_code,
    latitude: text(site.latitude),
    longitude: text(site.longitude),
  };
}

/**
 * What the shared schema checks: a blank box is an absent value (a blank site code lets the server assign
 * one, a blank required field reads "... is required").
 */
export function withoutBlanks(values: SiteFormValues): Partial<SiteFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([, x]) => x.trim() !== ''),
  ) as Partial<SiteFormValues>;
}

/**
 * Optional fields an owner may clear on an edit ("" stores empty text, or no rate: the daily price applies);
 * other cleared optionals are left as they were.
 */
const CLEARABLE = new Set<SiteFieldName>([
  'description',
  'image_format',
  'weekly_price',
  'four_weekly_price',
  'audience_method',
]);

/**
 * The PATCH body of an edit: only the fields the owner changed, so an untouched name or location of a live
 * site is not sent for review again.
 */
export function changedFields(
  body: SiteFields,
  dirty: Partial<Record<SiteFieldName, boolean | undefined>>,
): Partial<SiteFields> {
  const out: Record<string, unknown> = {};
  for (const name of SITE_FIELD_ORDER) {
    if (!dirty[name]) continue;
    const value = (body as Record<string, unknown>)[name];
    if (value !== undefined) out[name] = value;
    else if (CLEARABLE.has(name)) out[name] = '';
  }
  return out as Partial<SiteFields>;
}
