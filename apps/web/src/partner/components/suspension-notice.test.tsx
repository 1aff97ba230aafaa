import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-context';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../lib/session';
import { navFor } from '../partner-layout';
import { SuspensionNotice } from './suspension-notice';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads this hint cookie synchronously (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
  sessionStorage.setItem(
    USER_DETAILS_KEY,
    JSON.stringify({ userData: { payload: { first_name: 'Asha', phone_number: '9876543210' } } }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        data: {
          id: 3,
          company_name: 'Rao Outdoor',
          status: 'suspended',
          rejection_reason: null,
          suspension_reason: 'The GSTIN belongs to another company',
        },
      }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('a suspended owner in the console', () => {
  it("is told of the suspension with the operator's own reason, not of a refused application", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>
          <SuspensionNotice />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Your account is suspended' })).toBeTruthy();
    expect(await screen.findByText('Reason: The GSTIN belongs to another company')).toBeTruthy();
    expect(screen.getByTestId('suspension-notice').textContent).toMatch(/post proofs/);
    expect(screen.queryByText(/not approved/)).toBeNull();
  });

  it('keeps the sections that serve paid bookings, without Import and Members', () => {
    const labels = navFor('admin', true).map((n) => n.label);
    expect(labels).toEqual([
      'Overview',
      'Sites',
      'Calendar',
      'Bookings',
      'Artwork',
      'Proofs',
      'Statements',
      'Payouts',
    ]);
    expect(navFor('admin').map((n) => n.label)).toContain('Members');
  });
});
