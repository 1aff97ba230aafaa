import { z } from 'zod';
import { buyerGstinProblem, GST_STATES, gstStateOf } from '../rules/gst.ts';
import { gstinProblem } from '../rules/indian-ids.ts';
import { mobileNumberSchema } from './auth.schemas.ts';
import { safeText } from './text.schemas.ts';

export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
/** Indian PIN codes: 6 digits, never starting with 0. */
export const PIN_PATTERN = /^[1-9]\d{5}$/;

/** The user as the API shows it (docs/product-spec.md section 3, User profile). Unfilled optional fields are null. */
export const userSchema = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  company_type: z.string().nullable(),
  gst: z.string().nullable(),
  pan: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pin: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

const required = (label: string, max = 100) => safeText({ label, max, required: true });

/** Optional text: trimmed; empty or null becomes null (cleared); absent leaves the stored value alone. */
const optional = <T extends z.ZodType<string | null>>(inner: T) =>
  z.preprocess((v) => {
    if (v === null) return null;
    if (typeof v === 'string' && v.trim() === '') return null;
    return v;
  }, inner.nullable().optional());

const optionalText = (label: string, max = 100) => optional(safeText({ label, max }));

/** India's states and union territories by their GST names (rules/gst.ts), the billing State's choices. */
export const BILLING_STATE_NAMES = GST_STATES.map((s) => s.name) as [string, ...string[]];

/**
 * The billing State: one of India's states and union territories (it decides CGST + SGST or IGST). A
 * common spelling or abbreviation ("maharashtra", "MH", "Orissa") is taken as its GST name.
 */
export const billingStateSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (gstStateOf(v)?.name ?? v.trim()) : v),
  z.enum(BILLING_STATE_NAMES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'State is required'
        : 'Choose a state or union territory of India',
  }),
);

/** A GSTIN: its shape, state code and check character (rules/indian-ids.ts), as the profile is saved. */
const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  // One message per GSTIN: the shape first, and only a well-shaped one is checked for its state code and
  // check character (a failed regex does not stop zod from running a later refinement).
  .superRefine((value, ctx) => {
    if (!GSTIN_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV' });
      return;
    }
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `This GSTIN ${problem}` });
  });

/**
 * PATCH /api/auth/update_user_by_phone/ (docs/product-spec.md section 5). Required: first_name, last_name, phone_number
 * (must be the caller's own), company, address_line_1, city, state, pin. Optional: email, company_type,
 * gst, pan, address_line_2. The same schema drives the web's profile and checkout forms.
 */
export const userUpdateBodySchema = z
  .object({
    first_name: required('First name'),
    last_name: required('Last name'),
    phone_number: mobileNumberSchema,
    email: optional(z.string().trim().max(254).pipe(z.email('Enter a valid email address'))),
    company: required('Company', 200),
    company_type: optionalText('Company type'),
    gst: optional(gstinSchema),
    pan: optional(
      z.string().trim().toUpperCase().regex(PAN_PATTERN, 'Enter a valid 10-character PAN, e.g. AAPFU0939F'),
    ),
    address_line_1: required('Address line 1', 200),
    address_line_2: optionalText('Address line 2', 200),
    city: required('City'),
    state: billingStateSchema,
    pin: z.string({ error: 'PIN is required' }).trim().regex(PIN_PATTERN, 'Enter a 6-digit PIN code'),
  })
  .superRefine((body, ctx) => {
    // A GSTIN belongs to one state: its first two digits are the billing State's GST code.
    if (!body.gst || !gstStateOf(body.state) || gstinProblem(body.gst)) return;
    const problem = buyerGstinProblem(body.gst, body.state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gst'], message: problem });
  });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;
export type UserUpdateInput = z.input<typeof userUpdateBodySchema>;

/** POST /api/auth/login_with_phone/: the number must be the one the token was issued for. */
export const loginWithPhoneBodySchema = z.object({ phone_number: mobileNumberSchema });
export const loginWithPhoneResponseSchema = z.object({ payload: userSchema });
export type LoginWithPhoneResponse = z.infer<typeof loginWithPhoneResponseSchema>;

/** GET /api/auth/user/: the caller, as the first (only) item of a list. */
export const userListResponseSchema = z.object({ data: z.array(userSchema) });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userUpdateResponseSchema = z.object({ data: userSchema });
export type UserUpdateResponse = z.infer<typeof userUpdateResponseSchema>;
