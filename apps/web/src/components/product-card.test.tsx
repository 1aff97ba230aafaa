import type { Product } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth/auth-context';
import { useOwnHolds } from '../lib/holds/holds-api';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../lib/session';
import { NotifyProvider } from './notify';
import { ProductCard } from './product-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the app's session hint cookie (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

const hold = (id: number) => ({
  id,
  from_date: '2026-12-05',
  to_date: '2026-12-12',
  until: '2026-11-25T06:30:00.000Z',
  requested: false,
});

const site = (id: number, holdId: number) =>
  ({
    id,
    product_id: `LP-${id}`,
    name: `Site ${id}`,
    description: '',
    price: 1000,
    address: `Road ${id}`,
    images: [],
    unavailable_dates: [],
    booking_duration: 7,
    minimum_days: 7,
    rates: { daily: 1000, weekly: null, four_weekly: null },
    category: 'Lamp Post',
    image_size: null,
    image_format: null,
    lighting: null,
    state: 'Goa',
    district: 'North Goa',
    city: 'Panaji',
    pin_code: '403001',
    impression: null,
    audience: null,
    latitude: null,
    longitude: null,
    holds: [hold(holdId)],
  }) as Product;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const dates = { from_date: '2026-12-10', to_date: '2026-12-17' };

/** Two cards as a list draws them: the buyer's own holds read once, handed to each card. */
function Cards() {
  const ownHolds = useOwnHolds();
  return (
    <>
      <ProductCard product={site(1, 9)} dates={dates} available={false} ownHolds={ownHolds} />
      <ProductCard product={site(2, 10)} dates={dates} available={false} ownHolds={ownHolds} />
    </>
  );
}

function renderCards() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <MemoryRouter>
          <NotifyProvider>
            <Cards />
          </NotifyProvider>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe("a card's hold (decisions 082, 084)", () => {
  it('says "Held by you until ..." to the signed-in holder, from their own private read of their holds', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    sessionStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ userData: { payload: { id: 7, phone_number: '9876543210', first_name: 'Asha' } } }),
    );
    const fetch = vi.fn(async (url: string) =>
      url === '/api/holds'
        ? json({
            // Renewed: their own read's end, not the catalogue's older one.
            results: [{ id: 9, status: 'active', expires_at: '2026-11-27T06:30:00.000Z' }],
            held_sites: 1,
            max_held_sites: 20,
            hold_days: 3,
          })
        : json({}),
    );
    vi.stubGlobal('fetch', fetch);
    renderCards();
    expect((await within(card('Site 1')).findByTestId('held-by-you')).textContent).toBe(
      'Held by you until 27 Nov 2026, 12:00 pm IST',
    );
    expect(within(card('Site 1')).queryByTestId('on-hold')).toBeNull();
    // Another buyer's hold still reads as before.
    expect(within(card('Site 2')).getByTestId('on-hold').textContent).toBe(
      'On hold until 25 Nov 2026, 12:00 pm IST',
    );
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/holds');
  });

  it('signed out: every hold is "On hold until ..." and nothing private is asked', async () => {
    const fetch = vi.fn(async (_url: string) => json({}));
    vi.stubGlobal('fetch', fetch);
    renderCards();
    expect(within(card('Site 1')).getByTestId('on-hold').textContent).toBe(
      'On hold until 25 Nov 2026, 12:00 pm IST',
    );
    expect(within(card('Site 1')).queryByTestId('held-by-you')).toBeNull();
    expect(fetch.mock.calls.map(([u]) => u)).not.toContain('/api/holds');
  });
});
