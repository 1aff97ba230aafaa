import {
  AUDIENCE_SOURCES,
  type AudienceSource,
  LIGHTING_VALUES,
  MAX_BOOKING_SPAN_DAYS,
  SITE_CATEGORIES,
} from '@ooh/shared';
import type { SiteFieldName } from './site-form-values';

const AUDIENCE_SOURCE_CHOICES: Record<AudienceSource, string> = {
  owner_declared: 'Owner-declared (our own estimate)',
  traffic_count: 'Traffic count',
  survey: 'Survey',
  modelled: 'Modelled',
};

export interface SiteFieldMeta {
  name: SiteFieldName;
  label: string;
  helper?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'text';
  unit?: string;
  prefix?: string;
  multiline?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Grid width from tablets up, out of 12. */
  sm?: number;
  upper?: boolean;
}

/** The site form's sections (docs/product-rules.md section 8); location has its own block with the map. */
export const SITE_SECTIONS: Array<{ title: string; fields: SiteFieldMeta[] }> = [
  {
    title: 'About the site',
    fields: [
      {
        name: 'name',
        label: 'Name',
        required: true,
        helper: 'What buyers see, e.g. "Hoarding at Banjara Hills Road 12"',
      },
      {
        name: 'site_code',
        label: 'Your site code (optional)',
        helper: '3-30 letters, digits or dashes; left blank, we assign one',
        upper: true,
        sm: 6,
      },
      {
        name: 'category',
        label: 'Category',
        required: true,
        options: SITE_CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
        sm: 6,
      },
      {
        name: 'description',
        label: 'Description (optional)',
        multiline: true,
        helper: 'Visibility, traffic, landmarks',
      },
    ],
  },
  {
    title: 'Size, lighting and price',
    fields: [
      { name: 'width_ft', label: 'Width', required: true, inputMode: 'decimal', unit: 'ft', sm: 3 },
      { name: 'height_ft', label: 'Height', required: true, inputMode: 'decimal', unit: 'ft', sm: 3 },
      {
        name: 'lighting',
        label: 'Lighting',
        required: true,
        options: LIGHTING_VALUES.map((v) => ({ value: v, label: v })),
        sm: 6,
      },
      { name: 'price', label: 'Price a day', required: true, inputMode: 'decimal', prefix: '₹', sm: 6 },
      {
        name: 'booking_duration',
        label: 'Minimum booking',
        required: true,
        inputMode: 'numeric',
        unit: 'days',
        helper: `1 to ${MAX_BOOKING_SPAN_DAYS} days`,
        sm: 6,
      },
      {
        name: 'weekly_price',
        label: 'Weekly rate a day (optional)',
        inputMode: 'decimal',
        prefix: '₹',
        helper: 'Per day, for bookings of 7 days or more',
        sm: 6,
      },
      {
        name: 'four_weekly_price',
        label: 'Four-weekly rate a day (optional)',
        inputMode: 'decimal',
        prefix: '₹',
        helper: 'Per day, for bookings of 28 days or more',
        sm: 6,
      },
      { name: 'image_format', label: 'Format (optional)', helper: 'e.g. Flex, Vinyl, LED screen', sm: 6 },
    ],
  },
  {
    // Decision 080: buyers see the figure only with where it comes from, so the form asks for both.
    title: 'Audience',
    fields: [
      {
        name: 'impression',
        label: 'Impressions a day (optional)',
        inputMode: 'numeric',
        helper: 'People who can see the site on a usual day',
        sm: 6,
      },
      {
        name: 'audience_source',
        label: 'Source of the figure',
        options: AUDIENCE_SOURCES.map((s) => ({ value: s, label: AUDIENCE_SOURCE_CHOICES[s] })),
        helper: 'Left unchosen, buyers read it as owner-declared',
        sm: 6,
      },
      {
        name: 'audience_measured_on',
        label: 'Month measured (optional)',
        helper: 'As year-month, e.g. 2026-03',
        sm: 6,
      },
      {
        name: 'audience_method',
        label: 'How it was measured (optional)',
        helper: 'e.g. "Manual count, 7 am-10 pm, two weekdays"; an operator may verify it',
        sm: 6,
      },
    ],
  },
  {
    title: 'Address',
    fields: [
      { name: 'address', label: 'Address', required: true, helper: 'Street and landmark' },
      { name: 'city', label: 'City', required: true, sm: 6 },
      { name: 'district', label: 'District', required: true, sm: 6 },
      { name: 'state', label: 'State', required: true, sm: 6 },
      { name: 'pin_code', label: 'PIN code', required: true, inputMode: 'numeric', sm: 6 },
    ],
  },
];
