import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type ApprovalOutcome, approvalAction } from './approval-action';

const TOKEN = 'a'.repeat(43);
const posted = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

function answering(status: number, body: unknown) {
  const api = vi.fn(async (_path: string, _init?: unknown) => ({ status, body }));
  return { api, context: { api } as unknown as AppLoadContext };
}

type Answer<T> = { data: T; init?: { status?: number } };

describe("the approver's form (POST /approvals/{token})", () => {
  const decide = async (fields: Record<string, string>, context: AppLoadContext) => {
    const request = posted(`/approvals/${TOKEN}`, fields);
    const answer = (await approvalAction({
      request,
      context,
      params: { token: TOKEN },
    } as never)) as Answer<ApprovalOutcome>;
    return { outcome: answer.data, status: answer.init?.status ?? 200 };
  };

  it('sends the decision, the trimmed name and a comment only when there is one', async () => {
    const { api, context } = answering(200, { data: {} });
    const { outcome } = await decide({ decision: 'approve', name: ' Meera ', comment: '' }, context);
    expect(api).toHaveBeenCalledWith(`/api/approvals/${TOKEN}`, {
      method: 'POST',
      body: { decision: 'approve', name: 'Meera' },
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toMatch(/approved/);
  });

  it("passes on the API's refusal: its message, its fields, its status, what was typed", async () => {
    const gone = answering(410, { error: { code: 'gone', message: 'This link was withdrawn.' } });
    const late = await decide({ decision: 'reject', name: 'Meera', comment: 'No' }, gone.context);
    expect(late).toMatchObject({ status: 410, outcome: { ok: false, message: 'This link was withdrawn.' } });
    const bad = answering(400, { error: { message: 'Invalid', fields: { name: 'Your name is required' } } });
    const empty = await decide({ decision: 'approve', name: '' }, bad.context);
    expect(empty.outcome.fields).toEqual({ name: 'Your name is required' });
    expect(empty.outcome.values).toEqual({ name: '', comment: '' });
    const none = answering(200, {});
    expect((await decide({ decision: 'maybe', name: 'Meera' }, none.context)).status).toBe(400);
    expect(none.api).not.toHaveBeenCalled();
  });
});
