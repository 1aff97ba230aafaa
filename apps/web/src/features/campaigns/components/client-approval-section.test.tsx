import type { Agency, Approval } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth/auth-context';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../../lib/session';
import { ClientApprovalSection } from './client-approval-section';

// jsdom and MUI are slow on a shared machine: wait longer for the answers to render.
configure({ asyncUtilTimeout: 10_000 });

const agency = (role: Agency['role']) => ({
  id: 1,
  company_name: 'Rao Media',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address: '4 Law College Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411004',
  role,
});
const link = (id: number, state: Approval['state'], decided: Partial<Approval> = {}) =>
  ({
    id,
    client_id: 4,
    client_name: 'Acme Foods',
    state,
    created_at: '2026-12-03T10:00:00.000Z',
    expires_at: '2026-12-10T10:00:00.000Z',
    decided_at: null,
    decided_by_name: null,
    comment: null,
    ...decided,
  }) as Approval;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(role: Agency['role'], forClient = false) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/api/agency/approvals?campaign_id=12'))
        return json(200, {
          data: [
            link(2, 'pending'),
            link(1, 'approved', {
              decided_at: '2026-12-04T10:00:00.000Z',
              decided_by_name: 'Meera',
              comment: 'Go ahead',
            }),
          ],
        });
      if (url.endsWith('/api/agency/clients'))
        return json(200, {
          data: [
            { id: 4, name: 'Acme Foods' },
            { id: 5, name: 'Zed Tea' },
          ],
        });
      if (url.endsWith('/api/agency/campaigns'))
        return json(200, {
          data: forClient ? [{ campaign_id: 12, client_id: 5, client_name: 'Zed Tea' }] : [],
        });
      if (url.endsWith('/api/agency')) return json(200, { data: agency(role) });
      return json(404, {});
    }),
  );
  return calls;
}

function show(customized = true) {
  const Stub = createRoutesStub([
    {
      path: '/campaign/:campaignId',
      Component: () => <ClientApprovalSection campaignId={12} customized={customized} />,
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <Stub initialEntries={['/campaign/12']} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads this hint cookie synchronously (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
  sessionStorage.setItem(
    USER_DETAILS_KEY,
    JSON.stringify({ userData: { payload: { phone_number: '9876543210' } } }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('Client approval on a saved campaign (decision 092)', () => {
  it("shows a planner the ask form and the campaign's links; only a waiting one can be withdrawn", async () => {
    stubApi('planner');
    show();
    const section = await screen.findByRole('region', { name: 'Client approval' });
    const askFor = await within(section).findByRole('combobox', { name: 'Client' });
    expect(await within(askFor).findByRole('option', { name: 'Acme Foods' })).toBeTruthy();
    const waiting = await within(section).findByTestId('approval-2');
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    const approved = within(section).getByTestId('approval-1');
    expect(approved.textContent).toContain('approved by Meera on 4 Dec 2026');
    expect(approved.textContent).toContain('“Go ahead”');
    expect(within(approved).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    // Nothing is asked before a client is chosen.
    expect(within(section).getByRole('button', { name: 'Ask for approval' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('a campaign made for a client says so, and approval is asked of that client unless another is chosen', async () => {
    stubApi('planner', true);
    show();
    const section = await screen.findByRole('region', { name: 'Client approval' });
    const isFor = (await within(section).findByRole('combobox', {
      name: 'This campaign is for',
    })) as HTMLSelectElement;
    await waitFor(() => expect(isFor.value).toBe('5'));
    const asked = within(section).getByRole('combobox', { name: 'Client' }) as HTMLSelectElement;
    expect(asked.value).toBe('5');
    expect(within(section).getByRole('button', { name: 'Ask for approval' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it("shows an approver nothing, and asks nothing of a standard campaign's page", async () => {
    const calls = stubApi('approver');
    show();
    await waitFor(() => expect(calls.some((u) => u.endsWith('/api/agency'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Client approval' })).toBeNull();
    expect(calls.some((u) => u.includes('/api/agency/approvals'))).toBe(false);
    cleanup();
    const none = stubApi('planner');
    show(false);
    expect(screen.queryByRole('region', { name: 'Client approval' })).toBeNull();
    expect(none.some((u) => u.includes('/api/agency'))).toBe(false);
  });
});
