import type { User } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-context';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../lib/session';
import { cartStore, type StoredCampaign } from '../../lib/stores';
import CheckoutPage from './checkout-page';

// jsdom and MUI are slow on a shared machine: wait longer for the answers to render.
configure({ asyncUtilTimeout: 10_000 });

const cart: StoredCampaign[] = [
  {
    id: 1,
    type: 'standard',
    name: 'Goa Festive',
    products: [
      {
        from_date: '2027-01-01',
        to_date: '2027-01-08',
        product: {
          id: 10,
          name: 'Site 10',
          price: 1500,
          unavailable_dates: [],
          booking_duration: 7,
          images: [],
        },
      },
    ],
  },
];

const savedUser = {
  id: 7,
  first_name: 'Asha',
  last_name: 'Rao',
  phone_number: '9876543210',
  email: 'asha@example.in',
  company: 'Rao Outdoor',
  address_line_1: '1 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
} as unknown as User;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** GET /auth/user/ answers only when the test says so: a slow network while the saved details load. */
let releaseUser: () => void;

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/user-details']}>
          <CheckoutPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // Signed in (the session hint cookie and the cached profile), one site in the cart.
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads this hint cookie synchronously (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
  sessionStorage.setItem(
    USER_DETAILS_KEY,
    JSON.stringify({ userData: { payload: { first_name: 'Asha', phone_number: '9876543210' } } }),
  );
  localStorage.clear();
  cartStore.set(cart);
  const userAnswer = new Promise<Response>((resolve) => {
    releaseUser = () => resolve(json({ data: [savedUser] }));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/auth/user/')) return userAnswer;
      if (url.includes('/product/'))
        return json({ payload: { count: 0, next: null, previous: null, results: [] } });
      return json({ company_state: 'Maharashtra', rate_percent: 18, sac: '998366' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('Place Order while the saved details load (issue 23)', () => {
  it('waits for them instead of asking to complete details that are not shown', {
    timeout: 30_000,
  }, async () => {
    renderCheckout();
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' });
    expect(screen.getByText(/Loading your saved details/)).toBeTruthy();

    // A buyer on a slow network presses Place Order before the details arrive.
    fireEvent.click(placeOrder);
    // Validation is asynchronous: let a submit that got through finish before looking for its message.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Please complete the highlighted details.')).toBeNull();
    expect(placeOrder).toHaveProperty('disabled', true);

    releaseUser();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByText(/Loading your saved details/)).toBeNull();
    expect(screen.queryByText('Please complete the highlighted details.')).toBeNull();
  });
});
