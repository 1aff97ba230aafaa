import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data } from 'react-router';
import { apiSend } from '../../../lib/server-api';

/** What a breach form answers the page with. */
export interface BreachOutcome {
  ok: boolean;
  message: string;
}

const STEP_FIELDS = ['board_told_at', 'people_told_at', 'report_sent_at', 'closed_at'] as const;
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
/** A `datetime-local` value ("2026-12-03T14:30") is the operator's IST clock: sent with its offset. */
const ist = (local: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+05:30` : local);

/**
 * The register's forms (DESIGN 2 "Usable before hydration"): record a breach, or a step of one. The API
 * checks every field with the shared schema and says which is wrong; this action only shapes the form.
 */
export async function breachAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  let answer: { status: number; body: unknown };
  let done: string;
  if (intent === 'record') {
    const people = text(form, 'people_affected');
    const occurred = text(form, 'occurred_at');
    answer = await apiSend(context, request, 'POST', '/api/ops/breaches', {
      discovered_at: ist(text(form, 'discovered_at')),
      ...(occurred ? { occurred_at: ist(occurred) } : {}),
      nature: text(form, 'nature'),
      extent: text(form, 'extent'),
      people_affected: /^\d{1,10}$/.test(people) ? Number(people) : people,
      likely_impact: text(form, 'likely_impact'),
      measures: text(form, 'measures'),
    });
    done = 'Breach recorded. Tell the Data Protection Board now; the detailed report is due within 72 hours.';
  } else if (intent === 'step') {
    const id = text(form, 'breach_id');
    const step = text(form, 'step') as (typeof STEP_FIELDS)[number];
    if (!/^\d{1,12}$/.test(id) || !STEP_FIELDS.includes(step)) {
      return data<BreachOutcome>({ ok: false, message: 'Unknown request.' }, { status: 400 });
    }
    const measures = text(form, 'measures');
    answer = await apiSend(context, request, 'PATCH', `/api/ops/breaches/${id}`, {
      [step]: ist(text(form, 'at')),
      ...(measures ? { measures } : {}),
    });
    done = `Breach #${id}: step recorded.`;
  } else {
    return data<BreachOutcome>({ ok: false, message: 'Unknown request.' }, { status: 400 });
  }
  if (answer.status >= 200 && answer.status < 300) return data<BreachOutcome>({ ok: true, message: done });
  const error = (answer.body as ErrorResponse | null)?.error;
  const fields = Object.values(error?.fields ?? {});
  const message =
    fields.length > 0 ? fields.join(' ') : (error?.message ?? 'Something went wrong. Please try again.');
  return data<BreachOutcome>({ ok: false, message }, { status: answer.status >= 400 ? answer.status : 500 });
}
