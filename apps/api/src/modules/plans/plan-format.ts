import { formatBookingPeriod, formatCount, formatRupees, type Plan, type PlanSite } from '@ooh/shared';

/** Text shown in every export: the same words for the same facts. */

/** ₹1,23,456.78 (Indian grouping, two decimals). */
export const inr = (rupees: number) => formatRupees(rupees);

export const sizeText = (s: Pick<PlanSite, 'width_ft' | 'height_ft'>) =>
  s.width_ft && s.height_ft ? `${s.width_ft} ft × ${s.height_ft} ft` : 'Not given';

export const datesText = (from: string | null, to: string | null) =>
  from && to && to > from ? formatBookingPeriod(from, to) : 'not chosen';

export const siteDatesText = (s: PlanSite) =>
  s.from_date && s.to_date && s.to_date > s.from_date
    ? formatBookingPeriod(s.from_date, s.to_date)
    : `Not chosen (priced for ${s.days} days)`;

export const gstLabel = (plan: Plan) => `GST ${Math.round(plan.gst_rate * 100)} % (estimate)`;

export const GST_NOTE =
  'GST is an estimate at 18 %; the tax invoice shows the actual CGST/SGST or IGST split.';

/** The specification rows of a site (label, value), shared by the slide table and the PDF. */
export function specRows(s: PlanSite): Array<[string, string]> {
  return [
    ['Site code', s.code],
    ['Address', s.address],
    ['City, state', `${s.city}, ${s.state}`],
    ['Format', s.category],
    ['Size', sizeText(s)],
    ['Lighting', s.lighting ?? 'Not given'],
    ['Impressions', s.impressions === null ? 'Not given' : formatCount(s.impressions)],
    [
      'Coordinates',
      s.latitude !== null && s.longitude !== null
        ? `${s.latitude.toFixed(5)}, ${s.longitude.toFixed(5)}`
        : 'Not given',
    ],
    ['Dates', siteDatesText(s)],
    ['Days', String(s.days)],
    ['Daily price', inr(s.daily_price)],
    ['Line price', inr(s.line_price)],
  ];
}

/** A file name from the plan's title: plain characters only (content-disposition safe). */
export function planFileName(plan: Plan, extension: string): string {
  const slug = plan.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `media-plan-${slug || 'campaign'}.${extension}`;
}
