import { type PricingPackageBody, pricingPackageBodySchema } from '@ooh/shared';
import { dayAfter, number } from './rule-form';

/** The package form as typed: its sites ticked, the last day as people say it, the price in rupees. */
export interface PackageFormValues {
  name: string;
  sites: number[];
  first_day: string;
  last_day: string;
  price: string;
  notes: string;
}

export type PackageFormResult =
  | { ok: true; body: PricingPackageBody }
  | { ok: false; errors: Partial<Record<keyof PackageFormValues, string>> };

const FIELD_OF: Record<string, keyof PackageFormValues> = {
  name: 'name',
  product_ids: 'sites',
  from_date: 'first_day',
  to_date: 'last_day',
  price: 'price',
  notes: 'notes',
};

/** Where an API field's message shows on the form (the server's check of the sites, say). */
export const packageFieldOf = (apiField: string): keyof PackageFormValues =>
  FIELD_OF[apiField.split('.')[0] ?? ''] ?? 'name';

/**
 * What POST /api/partner/packages is sent (decision 090): the shared schema decides what is valid and its
 * messages are the form's; the server then checks the sites are the owner's live ones.
 */
export function packageBodyOf(v: PackageFormValues): PackageFormResult {
  const parsed = pricingPackageBodySchema.safeParse({
    name: v.name,
    product_ids: v.sites,
    from_date: v.first_day,
    to_date: dayAfter(v.last_day),
    price: number(v.price.replace(/[₹\s]/g, '')),
    ...(v.notes.trim() ? { notes: v.notes } : {}),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<keyof PackageFormValues, string>> = {};
  if (Number.isNaN(number(v.price.replace(/[₹\s]/g, '')))) errors.price = 'Give the price in rupees';
  for (const issue of parsed.error.issues) {
    errors[packageFieldOf(String(issue.path[0] ?? ''))] ??= issue.message;
  }
  return { ok: false, errors };
}
