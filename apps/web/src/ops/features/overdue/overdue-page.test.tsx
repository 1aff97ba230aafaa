import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OverduePage from './overdue-page';

const LINES = [
  {
    line_id: 7,
    order_id: 12,
    kind: 'creative',
    status: 'scheduled',
    site_name: 'Worli Sea Face Unipole',
    media_owner: 'Bright Hoardings',
    buyer_phone: '9800000061',
    from_date: '2026-12-01',
    to_date: '2026-12-08',
    due: '2026-11-28',
    days_overdue: 2,
  },
  {
    line_id: 9,
    order_id: 14,
    kind: 'proof',
    status: 'creative_approved',
    site_name: 'Andheri Flyover Gantry',
    media_owner: null,
    buyer_phone: '9800000062',
    from_date: '2026-11-25',
    to_date: '2026-12-02',
    due: '2026-11-26T18:30:00.000Z',
    days_overdue: 1,
  },
];

let status = 200;
beforeEach(() => {
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify(status === 200 ? { lines: LINES } : { error: { code: 'x', message: 'x' } }),
          { status },
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OverduePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/ops/overdue', () => {
  it('lists the overdue lines with what is late, the site and the order', async () => {
    renderPage();
    expect(await screen.findByText('2 lines')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Overdue lines' })).toBeTruthy();
    expect(await screen.findByText('Worli Sea Face Unipole')).toBeTruthy();
    expect(screen.getByText('Artwork')).toBeTruthy();
    expect(screen.getByText('Proof')).toBeTruthy();
    expect(screen.getByText('#12')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    status = 500;
    renderPage();
    expect(await screen.findByText('The overdue list could not be loaded. Try again.')).toBeTruthy();
  });
});
