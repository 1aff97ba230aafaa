import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.ts';
import { safeText } from './text.schemas.ts';

/** The exact success text of docs/product-spec.md section 8, also returned by POST /api/contact/. */
export const CONTACT_SUCCESS_MESSAGE = 'Thank you for contacting us. We will get back to you soon.';

const requiredText = (label: string, max: number, multiline = false) =>
  safeText({ label, max, multiline, required: true });

const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** POST /api/contact/ (docs/product-spec.md section 5: all required; phone numeric, length 10). */
export const contactBodySchema = z.object({
  name: requiredText('Name', 100),
  company_name: requiredText('Company name', 150),
  phone_number: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Enter a ${PHONE_LENGTH}-digit phone number`),
  email: emailSchema,
  message: requiredText('Message', 2000, true),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** The contact form: the body plus the required consent to share the details (not sent to the API). */
export const contactFormSchema = contactBodySchema.extend({
  consent: z.boolean().refine((v) => v, 'Please agree to share your details so we can contact you'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export const contactResponseSchema = z.object({
  data: z.object({ id: z.number().int() }),
  message: z.literal(CONTACT_SUCCESS_MESSAGE),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/**
 * POST /api/help/ (docs/product-spec.md section 5: phone at least 10 digits, email optional). Spaces, dashes and a leading +
 * are allowed in the phone so "+91 98765 43210" passes; an empty email (a blank optional field) counts as none.
 */
export const helpBodySchema = z.object({
  phone_number: z
    .string()
    .trim()
    .max(20, 'Phone number must be at most 20 characters')
    .regex(/^\+?[\d\s-]+$/, 'Phone number may contain only digits, spaces, dashes and a leading +')
    .refine((v) => v.replace(/\D/g, '').length >= PHONE_LENGTH, `Enter at least ${PHONE_LENGTH} digits`),
  email: z.union([z.literal(''), emailSchema]).nullish(),
  message: requiredText('Message', 2000, true),
  is_customized: z.boolean().default(false),
});
export type HelpBody = z.infer<typeof helpBodySchema>;
export type HelpBodyInput = z.input<typeof helpBodySchema>;

export const helpResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
export type HelpResponse = z.infer<typeof helpResponseSchema>;
