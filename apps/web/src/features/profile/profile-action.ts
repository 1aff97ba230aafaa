import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { apiSend } from '../../lib/server-api';
import { hasSessionHint } from '../../lib/session';

/** What the profile's "Your data" forms answer the page with. */
export interface ProfileOutcome {
  intent: 'marketing' | 'erase';
  ok: boolean;
  message: string;
}

/**
 * The profile's "Your data" forms (DESIGN 2 "Usable before hydration"): marketing consent given or
 * withdrawn, and erasing the account. Both are plain forms, so they work before the scripts run (and with
 * them off): this route action calls the API with the visitor's session, as the holds' action does.
 */
export async function profileAction({ request, context }: ActionFunctionArgs) {
  if (!hasSessionHint(request.headers.get('cookie'))) throw redirect(signInPath('/profile'));
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'marketing' && intent !== 'erase') {
    return data<ProfileOutcome>(
      { intent: 'marketing', ok: false, message: 'Unknown request.' },
      { status: 400 },
    );
  }
  if (intent === 'erase' && form.get('confirm') !== 'yes') {
    return data<ProfileOutcome>(
      { intent, ok: false, message: 'Tick the box to confirm that you want your account erased.' },
      { status: 400 },
    );
  }
  const answer =
    intent === 'marketing'
      ? await apiSend(context, request, 'POST', '/api/me/consents/marketing', {
          given: form.get('given') === 'yes',
        })
      : await apiSend(context, request, 'DELETE', '/api/me', { confirm: true });
  if (answer.status === 401) throw redirect(signInPath('/profile'));
  if (answer.status >= 200 && answer.status < 300) {
    // The account and its session are gone, so the profile cannot render again: a page of its own says so.
    if (intent === 'erase') throw redirect('/account-erased');
    const given = form.get('given') === 'yes';
    const message = given
      ? 'Saved: we may send you new sites and offers. You can turn this off here at any time.'
      : 'Saved: we will not send you marketing messages.';
    return data<ProfileOutcome>({ intent, ok: true, message });
  }
  const message =
    (answer.body as ErrorResponse | null)?.error?.message ?? 'Something went wrong. Please try again.';
  return data<ProfileOutcome>(
    { intent, ok: false, message },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
