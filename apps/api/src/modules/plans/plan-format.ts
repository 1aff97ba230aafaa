import {
  formatAudience,
  formatBookingPeriod,
  formatCount,
  formatIndianCount,
  formatRupees,
  formatSourceList,
  type Plan,
  type PlanSite,
} from '@ooh/shared';

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
    // A figure only with its source (decision 080).
    ['Impressions', s.audience ? formatAudience(s.audience) : 'Not given'],
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
    [
      'Impressions over the days',
      s.line_impressions === null ? 'Not given' : formatCount(s.line_impressions),
    ],
    ['CPM (before GST)', cpmText(s.cpm)],
  ];
}

export const cpmText = (cpm: number | null) => (cpm === null ? 'Not given' : `${inr(cpm)} per 1,000`);

/**
 * The plan's figures (decision 080) as label and value, shared by the PDF, the slides and the spreadsheet;
 * none when no site carries an audience figure (nothing rather than zeros).
 */
export function figureRows(plan: Plan): Array<[string, string]> {
  const f = plan.figures;
  if (f.lines_counted === 0) return [];
  return [
    ['Impressions', `${formatIndianCount(f.impressions)} · ${formatSourceList(f.sources)}`],
    ['CPM (before GST)', cpmText(f.cpm)],
    ['Reach (estimate)', `${formatIndianCount(f.reach_estimate)} people`],
    ['Frequency (estimate)', f.frequency_estimate === null ? 'Not given' : `${f.frequency_estimate} times`],
  ];
}

/** What the figures are: which sites count, and that reach and frequency are a model's estimates. */
export function figuresNote(plan: Plan): string {
  const f = plan.figures;
  const partial =
    f.lines_counted < f.lines
      ? `${f.lines_counted} of ${f.lines} sites have an audience figure; only they count. `
      : '';
  return `${partial}${f.method}`;
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
