import { contactFormSchema, type ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data } from 'react-router';
import { apiPost } from '../../../lib/server-api';

export const CONTACT_FIELDS = ['name', 'company_name', 'phone_number', 'email', 'message'] as const;
type Field = (typeof CONTACT_FIELDS)[number];

/** What the home page's action answers a contact form sent before the scripts ran. */
export interface ContactOutcome {
  sent?: true;
  /** What was typed, to put back in the fields (the form is never emptied by a refusal). */
  values?: Partial<Record<Field, string>> & { consent?: boolean };
  /** A message per field, as the API's `fields`. */
  errors?: Partial<Record<Field | 'consent', string>>;
  /** A refusal that is no field's (too many messages, the server): shown above the button. */
  message?: string;
}

/**
 * The contact form sent natively (issue 44): typed and sent before the page's scripts ran, on a slow phone.
 * The fields are checked with the same schema the scripts use, then sent to the API as the scripts would
 * (on the visitor's behalf: their address counts for its rate limit); the page renders with the outcome.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: Field) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = {
    ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f, text(f)])),
    consent: form.get('consent') !== null,
  } as NonNullable<ContactOutcome['values']>;
  const parsed = contactFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ContactOutcome['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | 'consent';
      errors[field] ??= issue.message;
    }
    return data<ContactOutcome>({ values, errors }, { status: 400 });
  }
  const { consent: _consent, ...body } = parsed.data;
  const answer = await apiPost<ErrorResponse | null>(context, request, '/api/contact/', body);
  if (answer.status === 201) return data<ContactOutcome>({ sent: true });
  const error = answer.body?.error;
  return data<ContactOutcome>(
    {
      values,
      errors: error?.fields,
      message: error?.fields
        ? undefined
        : (error?.message ?? 'The message could not be sent. Please try again.'),
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
