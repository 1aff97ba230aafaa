import { addDays, type ErrorResponse, type HoldAnswer, holdRequestSchema, isIsoDate } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../auth/redirect-target';
import { apiSend } from '../server-api';
import { hasSessionHint } from '../session';
import { heldForText, holdUntilText } from './hold-words';

/** What a holds form asks (its submit button's `intent`). */
export type HoldIntent = 'hold' | 'ask' | 'renew' | 'release';

/** What a holds form's action answers the page with (a form sent before the scripts ran, or with them off). */
export interface HoldOutcome {
  intent: HoldIntent;
  ok: boolean;
  message: string;
}

const INTENTS: readonly HoldIntent[] = ['hold', 'ask', 'renew', 'release'];
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
const idOf = (value: string) => (/^\d{1,12}$/.test(value) ? Number(value) : null);

/**
 * The holds' buttons as real forms (decision 082, DESIGN 2 "Usable before hydration"): Hold these dates and
 * Ask for these dates on a site's page, Renew and Release in My Orders, Holds. Once the app runs, the buttons
 * call the API from the browser as before; a form sent before that (or with scripts off) reaches this route
 * action, which checks it with the shared schema, calls the API with the visitor's session (lib/server-api.ts)
 * and renders the page again with the outcome and the fresh holds. Signed out, or a session that ended: the
 * sign-in page that comes back here.
 */
export async function holdAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (!hasSessionHint(request.headers.get('cookie'))) throw redirect(signInPath(back));
  const form = await request.formData();
  const intent = text(form, 'intent') as HoldIntent;
  if (!INTENTS.includes(intent)) {
    return data<HoldOutcome>({ intent: 'hold', ok: false, message: 'Unknown request.' }, { status: 400 });
  }
  // The site's name, as the page showed it, only to say what was done (React escapes it as any text).
  const name = text(form, 'product_name').slice(0, 200) || 'The site';
  const refuse = (message: string) => data<HoldOutcome>({ intent, ok: false, message }, { status: 400 });

  let sent: Promise<{ status: number; body: unknown }>;
  let done: (answer: HoldAnswer) => string;
  if (intent === 'hold') {
    // The chosen range (to_date exclusive) when the page's scripts filled it in, else the plain date fields
    // a page without scripts shows (first and last day, as a person reads them).
    const firstDay = text(form, 'from_date') || text(form, 'first_day');
    const lastDay = text(form, 'last_day');
    const toDate = text(form, 'to_date') || (isIsoDate(lastDay) ? addDays(lastDay, 1) : '');
    if (!firstDay || !toDate) return refuse('Please select the start and end dates you want to hold.');
    // "Hold for" (decision 092): one of the agency's clients, when a planner chose one.
    const clientId = idOf(text(form, 'client_id'));
    const body = holdRequestSchema.safeParse({
      product_id: idOf(text(form, 'product_id')),
      from_date: firstDay,
      to_date: toDate,
      ...(clientId === null ? {} : { client_id: clientId }),
    });
    if (!body.success) return refuse(body.error.issues[0]?.message ?? 'Please check the dates.');
    sent = apiSend(context, request, 'POST', '/api/holds', body.data);
    // The same words as the scripts' Hold (features/product-detail/components/hold-controls.tsx).
    done = (made) =>
      `${name} is held ${heldForText(clientId === null ? null : 'your client')} until ${holdUntilText({ until: made.expires_at })}. Find it in My Orders, Holds.`;
  } else {
    const id = idOf(text(form, 'hold_id'));
    if (id === null) return refuse('Unknown hold.');
    if (intent === 'ask') {
      sent = apiSend(context, request, 'POST', `/api/holds/${id}/request`);
      done = () => 'The holder has been asked for these dates. They have 24 hours to book or release them.';
    } else if (intent === 'renew') {
      sent = apiSend(context, request, 'POST', `/api/holds/${id}/renew`);
      done = () => `${name}: hold renewed.`;
    } else {
      sent = apiSend(context, request, 'DELETE', `/api/holds/${id}`);
      done = () => `${name}: the dates are released.`;
    }
  }
  const answer = await sent;
  if (answer.status === 401) throw redirect(signInPath(back));
  if (answer.status >= 200 && answer.status < 300) {
    return data<HoldOutcome>({ intent, ok: true, message: done(answer.body as HoldAnswer) });
  }
  const message =
    (answer.body as ErrorResponse | null)?.error?.message ?? 'Something went wrong. Please try again.';
  return data<HoldOutcome>(
    { intent, ok: false, message },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
