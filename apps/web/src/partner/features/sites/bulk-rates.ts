import { formatRupees, type SiteBulkBody, siteFieldsSchema } from '@ooh/shared';
import { ApiError } from '../../../lib/api-client';

/** The rate-card fields of the bulk edit as typed: a blank field leaves every site's value as it is. */
export interface BulkRatesValues {
  weekly: string;
  fourWeekly: string;
  minimum: string;
  /** Remove the rate from every selected site (the next tier down, or the daily price, applies). */
  clearWeekly: boolean;
  clearFourWeekly: boolean;
}

export type BulkRatesField = 'weekly' | 'fourWeekly' | 'minimum';
export type BulkRatesErrors = Partial<Record<BulkRatesField | 'form', string>>;

export const emptyBulkRates = (): BulkRatesValues => ({
  weekly: '',
  fourWeekly: '',
  minimum: '',
  clearWeekly: false,
  clearFourWeekly: false,
});

/** The wire's field for each form field, and back (the server names the wire's). */
const WIRE: Record<BulkRatesField, 'weekly_price' | 'four_weekly_price' | 'booking_duration'> = {
  weekly: 'weekly_price',
  fourWeekly: 'four_weekly_price',
  minimum: 'booking_duration',
};

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message ?? 'Check this value';

/**
 * The `rates` bulk body from the form, or a message per field. Each value is read by the same schema
 * as one site's form, so the messages match it ("Weekly rate must be more than 0"). What only a site's
 * own daily price can decide (a rate above it) is the server's check, per site.
 */
export function bulkRatesBody(
  values: BulkRatesValues,
  siteIds: number[],
): { body: Extract<SiteBulkBody, { action: 'rates' }> } | { errors: BulkRatesErrors } {
  const errors: BulkRatesErrors = {};
  const body: Extract<SiteBulkBody, { action: 'rates' }> = { action: 'rates', site_ids: siteIds };
  const rate = (field: 'weekly' | 'fourWeekly', clear: boolean) => {
    if (clear) {
      body[WIRE[field] as 'weekly_price' | 'four_weekly_price'] = null;
      return;
    }
    if (values[field].trim() === '') return;
    const parsed = siteFieldsSchema.shape[WIRE[field] as 'weekly_price'].safeParse(values[field]);
    if (parsed.success) body[WIRE[field] as 'weekly_price' | 'four_weekly_price'] = parsed.data;
    else errors[field] = firstIssue(parsed);
  };
  rate('weekly', values.clearWeekly);
  rate('fourWeekly', values.clearFourWeekly);
  if (values.minimum.trim() !== '') {
    const parsed = siteFieldsSchema.shape.booking_duration.safeParse(values.minimum);
    if (parsed.success) body.booking_duration = parsed.data;
    else errors.minimum = firstIssue(parsed);
  }
  // Both typed here: the order of the tiers can be checked before asking (the same rule as the server's).
  if (
    !errors.weekly &&
    !errors.fourWeekly &&
    body.weekly_price != null &&
    body.four_weekly_price != null &&
    body.four_weekly_price > body.weekly_price
  ) {
    errors.fourWeekly = `The four-weekly rate is per day and at most the weekly rate (${formatRupees(body.weekly_price)}).`;
  }
  if (
    !Object.keys(errors).length &&
    body.weekly_price === undefined &&
    body.four_weekly_price === undefined &&
    body.booking_duration === undefined
  ) {
    errors.form = 'Give a weekly rate, a four-weekly rate or a minimum booking (or remove a rate).';
  }
  return Object.keys(errors).length ? { errors } : { body };
}

/**
 * The server's refusal, on the field it names: a rate that does not fit one site's daily price answers
 * 400 with the field and the site's code ("HYD-0042: The weekly rate is per day and at most ...");
 * a taken-down or suspended site answers 409 with each site listed.
 */
export function bulkRatesRefusal(error: unknown): { errors: BulkRatesErrors; sites: string[] } {
  if (!(error instanceof ApiError)) {
    return { errors: { form: 'We could not change the rates. Please try again.' }, sites: [] };
  }
  const fields = error.fields ?? {};
  const errors: BulkRatesErrors = {};
  for (const [field, wire] of Object.entries(WIRE) as Array<[BulkRatesField, string]>) {
    if (fields[wire]) errors[field] = fields[wire];
  }
  const sites = Object.entries(fields)
    .filter(([key]) => key.startsWith('site_ids'))
    .map(([, message]) => message);
  if (error.status === 409 && sites.length) {
    errors.form = `${sites.length} of the selected sites cannot be changed, so none was:`;
  } else if (!Object.keys(errors).length) {
    errors.form = error.message;
  } else {
    errors.form = 'Nothing was changed: one site does not take these rates.';
  }
  return { errors, sites };
}
