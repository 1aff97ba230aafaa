import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signInPath } from '../auth/redirect-target';
import { type HoldOutcome, holdAction } from './hold-action';

/** A form posted to a page, as the browser sends it before the scripts run. */
function posted(
  fields: Record<string, string>,
  signedIn = true,
  url = 'http://localhost/my-orders?tab=holds',
) {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signedIn ? { cookie: 'ooh_signed_in=1' } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function contextAnswering(status: number, body: unknown) {
  const api = vi.fn(async () => ({ status, body }));
  return { api, context: { api } as unknown as AppLoadContext };
}

/** What the action returned: React Router's `data()` answer or a thrown redirect. */
async function run(request: Request, context: AppLoadContext) {
  try {
    const answer = (await holdAction({ request, context, params: {} } as never)) as {
      data: HoldOutcome;
      init?: { status?: number };
    };
    return { outcome: answer.data, status: answer.init?.status ?? 200 };
  } catch (thrown) {
    return { redirect: (thrown as Response).headers.get('location') };
  }
}

describe("the holds' forms sent before the scripts ran (lib/holds/hold-action.ts)", () => {
  it('renews and releases through the API with the same words as the buttons', async () => {
    const renew = contextAnswering(200, { id: 5, status: 'active', expires_at: '2026-12-09T10:00:00.000Z' });
    const renewed = await run(
      posted({ intent: 'renew', hold_id: '5', product_name: 'MG Road' }),
      renew.context,
    );
    expect(renew.api).toHaveBeenCalledWith('/api/holds/5/renew', { method: 'POST', body: undefined });
    expect(renewed.outcome).toEqual({ intent: 'renew', ok: true, message: 'MG Road: hold renewed.' });

    const release = contextAnswering(200, {
      id: 5,
      status: 'released',
      expires_at: '2026-12-09T10:00:00.000Z',
    });
    const released = await run(
      posted({ intent: 'release', hold_id: '5', product_name: 'MG Road' }),
      release.context,
    );
    expect(release.api).toHaveBeenCalledWith('/api/holds/5', { method: 'DELETE', body: undefined });
    expect(released.outcome?.message).toBe('MG Road: the dates are released.');
  });

  it("holds the plain date fields' days (the last day included) and checks them with the shared schema", async () => {
    const hold = contextAnswering(201, { id: 9, status: 'active', expires_at: '2026-12-09T10:00:00.000Z' });
    const held = await run(
      posted(
        {
          intent: 'hold',
          product_id: '12',
          product_name: 'MG Road',
          first_day: '2027-01-10',
          last_day: '2027-01-16',
        },
        true,
        'http://localhost/product/12',
      ),
      hold.context,
    );
    expect(hold.api).toHaveBeenCalledWith('/api/holds', {
      method: 'POST',
      body: { product_id: 12, from_date: '2027-01-10', to_date: '2027-01-17' },
    });
    expect(held.outcome?.ok).toBe(true);
    expect(held.outcome?.message).toMatch(
      /^MG Road is held for you until .+ IST\. Find it in My Orders, Holds\.$/,
    );

    const none = contextAnswering(201, null);
    const undated = await run(posted({ intent: 'hold', product_id: '12' }), none.context);
    expect(undated).toMatchObject({ status: 400, outcome: { ok: false } });
    const backwards = await run(
      posted({ intent: 'hold', product_id: '12', from_date: '2027-01-10', to_date: '2027-01-09' }),
      none.context,
    );
    expect(backwards.outcome?.message).toBe('The end date must be after the start date.');
    expect(none.api).not.toHaveBeenCalled();
  });

  it('holds for the client chosen in "Hold for" (decision 092), and drops a client id that is not one', async () => {
    const hold = contextAnswering(201, { id: 9, status: 'active', expires_at: '2026-12-09T10:00:00.000Z' });
    const dates = { intent: 'hold', product_id: '12', from_date: '2027-01-10', to_date: '2027-01-17' };
    const held = await run(posted({ ...dates, product_name: 'MG Road', client_id: '4' }), hold.context);
    expect(hold.api).toHaveBeenCalledWith('/api/holds', {
      method: 'POST',
      body: { product_id: 12, from_date: '2027-01-10', to_date: '2027-01-17', client_id: 4 },
    });
    expect(held.outcome?.message).toMatch(/^MG Road is held for your client until .+ IST\./);
    const mine = contextAnswering(201, { id: 10, status: 'active', expires_at: '2026-12-09T10:00:00.000Z' });
    await run(posted({ ...dates, client_id: '' }), mine.context);
    await run(posted({ ...dates, client_id: '4; DROP' }), mine.context);
    for (const call of mine.api.mock.calls as unknown as Array<[string, { body: object }]>)
      expect(call[1].body).not.toHaveProperty('client_id');
  });

  it("says the API's refusal, and sends a signed-out or ended session to sign in and back", async () => {
    const full = contextAnswering(409, { error: { code: 'conflict', message: 'These dates are taken.' } });
    const refused = await run(posted({ intent: 'ask', hold_id: '7' }), full.context);
    expect(refused).toEqual({
      status: 409,
      outcome: { intent: 'ask', ok: false, message: 'These dates are taken.' },
    });

    const signedOut = await run(posted({ intent: 'renew', hold_id: '7' }, false), full.context);
    expect(signedOut.redirect).toBe(signInPath('/my-orders?tab=holds'));
    const ended = contextAnswering(401, null);
    expect((await run(posted({ intent: 'renew', hold_id: '7' }), ended.context)).redirect).toBe(
      signInPath('/my-orders?tab=holds'),
    );
  });
});
