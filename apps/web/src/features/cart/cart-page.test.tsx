import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { CampaignProductEntry, Product } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import 'dayjs/locale/en-gb';
import { createRoutesStub, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../components/notify';
import { AuthProvider } from '../../lib/auth/auth-context';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../lib/session';
import { cartStore, type StoredCampaign } from '../../lib/stores';
import CartPage from './cart-page';

const entry = (id: number, price: number, from: string, to: string): CampaignProductEntry => ({
  from_date: from,
  to_date: to,
  product: { id, name: `Site ${id}`, price, unavailable_dates: [], booking_duration: 7, images: [] },
});

const cart: StoredCampaign[] = [
  {
    id: 1,
    type: 'standard',
    name: 'Goa Festive',
    products: [entry(10, 1000, '2027-01-01', '2027-01-08'), entry(11, 500, '2027-01-04', '2027-01-15')],
  },
  {
    id: 2,
    type: 'customized',
    name: 'My Mumbai Blitz',
    products: [
      {
        ...entry(12, 200, '2027-02-01', '2027-02-11'),
        product: { ...entry(12, 200, '', '').product, image_size: '40 x 20 ft' },
      },
    ],
  },
];

/** The catalogue now charges more for site 12 than the stored snapshot says. */
const catalogue = [10, 11, 12].map(
  (id) =>
    ({
      id,
      name: `Site ${id}`,
      price: id === 12 ? 300 : id === 10 ? 1000 : 500,
      unavailable_dates: [],
      booking_duration: 7,
    }) as unknown as Product,
);

// jsdom and MUI are slow on a shared machine: wait longer for the API answers to render.
configure({ asyncUtilTimeout: 10_000 });

let validateAnswer: unknown;
/** When set, /booking/validate answers only once this resolves (the server still pricing). */
let validateGate: Promise<void> | null = null;
const calls: Array<{ url: string; body?: unknown }> = [];

function renderCart(withAuth = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The holds' buttons are React Router forms, which need a data router (the app's own is one).
  const Stub = createRoutesStub([
    { path: '/cart', Component: CartPage },
    { path: '/user-details', Component: () => <p>Checkout reached</p> },
  ]);
  const routes = withAuth ? (
    <Stub initialEntries={['/cart']} />
  ) : (
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/user-details" element={<p>Checkout reached</p>} />
      </Routes>
    </MemoryRouter>
  );
  return render(
    <QueryClientProvider client={client}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
        {withAuth ? (
          <AuthProvider>
            <NotifyProvider>{routes}</NotifyProvider>
          </AuthProvider>
        ) : (
          routes
        )}
      </LocalizationProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  cartStore.set(cart);
  calls.length = 0;
  validateAnswer = { status: true };
  validateGate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url === '/api/booking/validate' && validateGate) await validateGate;
      const json = url.startsWith('/api/product/')
        ? { payload: { count: 3, next: null, previous: null, results: catalogue } }
        : validateAnswer;
      return new Response(JSON.stringify(json), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the app's session hint cookie (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the cart page', { timeout: 30_000 }, () => {
  it('shows each campaign with its price and duration, and the total at the catalogue prices', async () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'My Cart' })).toBeTruthy();
    const [goa, mumbai] = screen.getAllByTestId('cart-item');
    // 1000 x 7 + 500 x 11: the sites run 7 and 11 days, so no 14-day "duration" of the campaign is shown.
    expect(within(goa).getByTestId('cart-item-price').textContent).toBe('₹12,500.00');
    expect(within(goa).getByTestId('cart-item-duration').textContent).toBe(
      'Dates: 1 Jan 2027 - 14 Jan 2027, each site for its own duration',
    );
    expect(within(goa).getByTestId('cart-item-duration').textContent).not.toMatch(/14 days/);
    // Sizes only from the sites' own data: none is stated for Goa's sites, so no size is made up.
    expect(within(goa).queryByText(/Size:/)).toBeNull();
    expect(within(mumbai).getByTestId('cart-item-size').textContent).toBe('Size: 40 x 20 ft');
    // The stored snapshot said 200 a day; the catalogue says 300, so 10 days cost 3,000.
    await waitFor(() => expect(within(mumbai).getByTestId('cart-item-price').textContent).toBe('₹3,000.00'));
    // Subtotal, then a neutral GST 18 % estimate (no billing state yet), and the total with it.
    expect(screen.getByTestId('subtotal').textContent).toBe('₹15,500.00');
    expect(screen.getByTestId('gst-estimate').textContent).toBe('₹2,790.00');
    expect(screen.getByTestId('total-payable').textContent).toBe('₹18,290.00');
    expect(cartStore.get()[1].products[0].product.price).toBe(300);
  });

  it("keeps each dated line's breakdown place while the server prices it, then shows the server's lines", async () => {
    let release = () => {};
    validateGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = (days: number, rate: number) => ({
      kind: 'base',
      label: 'Daily price',
      days,
      rate,
      percent: null,
      amount: days * rate,
      rule_ids: [],
    });
    validateAnswer = {
      status: true,
      prices: [7000, 5500, 3000],
      price_lines: [[base(7, 1000)], [base(11, 500)], [base(10, 300)]],
    };
    renderCart();
    for (const button of screen.getAllByRole('button', { name: /^\d+ sites?$/ })) fireEvent.click(button);
    // Before the answer: one line's place on every dated line, and no breakdown yet.
    await waitFor(() => expect(screen.getAllByTestId('price-breakdown-pending')).toHaveLength(3));
    expect(screen.queryAllByTestId('price-breakdown')).toHaveLength(0);
    release();
    await waitFor(() => expect(screen.getAllByTestId('price-breakdown')).toHaveLength(3));
    expect(screen.queryAllByTestId('price-breakdown-pending')).toHaveLength(0);
    expect(screen.getAllByTestId('price-breakdown')[0].textContent).toContain('₹7,000.00');
  });

  it('shows the stored breakdown at once, before the server answers, then the fresh one, saying which price moved', async () => {
    let release = () => {};
    validateGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = (days: number, rate: number, label = 'Daily price') => ({
      kind: 'base' as const,
      label,
      days,
      rate,
      percent: null,
      amount: days * rate,
      rule_ids: [],
    });
    const quoted = (e: CampaignProductEntry, price: number, lines: ReturnType<typeof base>[]) => ({
      ...e,
      quote: { from_date: e.from_date ?? '', to_date: e.to_date ?? '', price, lines },
    });
    // The quotes the server gave on the last visit, as the cart keeps them in this browser.
    cartStore.set([
      {
        ...cart[0],
        products: [
          quoted(cart[0].products[0], 6300, [base(7, 900, 'Weekly rate')]),
          quoted(cart[0].products[1], 5500, [base(11, 500)]),
        ],
      },
      { ...cart[1], products: [quoted(cart[1].products[0], 2000, [base(10, 200)])] },
    ]);
    validateAnswer = {
      status: true,
      prices: [6300, 5500, 3000],
      price_lines: [[base(7, 900, 'Weekly rate')], [base(11, 500)], [base(10, 300)]],
    };
    renderCart();
    for (const button of screen.getAllByRole('button', { name: /^\d+ sites?$/ })) fireEvent.click(button);
    // No answer yet: every line shows its last known breakdown, no placeholder, and the stored total.
    await waitFor(() => expect(screen.getAllByTestId('price-breakdown')).toHaveLength(3));
    expect(screen.queryAllByTestId('price-breakdown-pending')).toHaveLength(0);
    expect(screen.getAllByTestId('price-breakdown')[0].textContent).toContain('Weekly rate');
    expect(screen.getAllByTestId('cart-item-price')[0].textContent).toBe('₹11,800.00');
    expect(screen.queryAllByTestId('price-updated')).toHaveLength(0);
    expect(calls.filter((c) => c.url === '/api/booking/validate')).toHaveLength(1);

    release();
    // Site 12 now costs ₹3,000 (it was ₹2,000): its line says so; the others did not move and say nothing.
    const site12 = screen.getByTestId('cart-site-12');
    await waitFor(() =>
      expect(within(site12).getByTestId('price-updated').textContent).toBe(
        'Price updated: ₹3,000.00 (was ₹2,000.00)',
      ),
    );
    expect(screen.getAllByTestId('price-updated')).toHaveLength(1);
    expect(within(site12).getByTestId('price-breakdown').textContent).toContain('₹3,000.00');
    expect(cartStore.get()[1].products[0].quote?.price).toBe(3000);
  });

  it('needs the terms accepted, then checks every site and goes to checkout', async () => {
    renderCart();
    // Every site has dates: the page asks the server for their prices once (decision 081).
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/booking/validate')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Please accept the terms and conditions to proceed.')).toBeTruthy();
    expect(screen.queryByText('Checkout reached')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/booking/validate')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByText('Checkout reached');
    expect(calls.filter((c) => c.url === '/api/booking/validate')).toHaveLength(2);
    const validate = calls.findLast((c) => c.url === '/api/booking/validate');
    expect(validate?.body).toEqual([
      { from_date: '2027-01-01', to_date: '2027-01-08', product_id: 10, campaign_id: 1, customized: false },
      { from_date: '2027-01-04', to_date: '2027-01-15', product_id: 11, campaign_id: 1, customized: false },
      { from_date: '2027-02-01', to_date: '2027-02-11', product_id: 12, campaign_id: 2, customized: true },
    ]);
  });

  it("shows the server's prices for the dates (rate cards, seasons, volume discounts) and keeps them with the lines", async () => {
    // What /booking/validate answers when an owner's rate card applies: less than daily price x days.
    validateAnswer = { status: true, prices: [6000, 5000, 2800], amount: 13800 };
    renderCart();
    const [goa, mumbai] = screen.getAllByTestId('cart-item');
    await waitFor(() => expect(within(goa).getByTestId('cart-item-price').textContent).toBe('₹11,000.00'));
    expect(within(mumbai).getByTestId('cart-item-price').textContent).toBe('₹2,800.00');
    expect(screen.getByTestId('subtotal').textContent).toBe('₹13,800.00');
    expect(cartStore.get()[0].products[0].quote).toEqual({
      from_date: '2027-01-01',
      to_date: '2027-01-08',
      price: 6000,
    });
  });

  it('names a taken site with its dates and opens its pickers', async () => {
    validateAnswer = {
      status: false,
      unavailable: [
        {
          product_id: 11,
          name: 'Site 11',
          from_date: '2027-01-04',
          to_date: '2027-01-15',
          reason: 'booked',
          message: 'This site is already booked or being booked for some of these dates.',
        },
      ],
    };
    renderCart();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const problems = await screen.findByTestId('cart-problems');
    expect(problems.textContent).toContain('Site 11 (4 Jan 2027 - 14 Jan 2027) in Goa Festive');
    const site = screen.getByTestId('cart-site-11');
    // Each site's own duration, 4 Jan to the 15th (exclusive): 11 days.
    expect(within(site).getByTestId('cart-line-duration').textContent).toBe(
      'Duration: 4 Jan 2027 - 14 Jan 2027 (11 days)',
    );
    // The reason is said once, beside the site's dates, not again in the summary above.
    expect(screen.getAllByText(/already booked or being booked/)).toHaveLength(1);
    expect(within(site).getByText(/already booked or being booked/)).toBeTruthy();
    expect(await within(site).findByRole('button', { name: 'Choose start date for Site 11' })).toBeTruthy();
    expect(screen.queryByText('Checkout reached')).toBeNull();
  });

  it("says a line is on another buyer's hold, until when, and leads to the site to ask (decision 084)", async () => {
    validateAnswer = {
      status: false,
      unavailable: [
        {
          product_id: 11,
          name: 'Site 11',
          from_date: '2027-01-04',
          to_date: '2027-01-15',
          reason: 'on_hold',
          held_until: '2026-11-25T06:30:00.000Z',
          message:
            "Another buyer holds this site for some of these dates until 25 Nov 2026, 12:00 pm IST. Ask for the dates on the site's page, or choose other dates.",
        },
      ],
    };
    renderCart();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const site = await screen.findByTestId('cart-site-11');
    const note = await within(site).findByTestId('cart-line-on-hold');
    expect(note.textContent).toContain('until 25 Nov 2026, 12:00 pm IST');
    expect(note.textContent).not.toContain('Please choose other dates');
    const ask = within(note).getByRole('link', { name: 'Open Site 11 to ask for these dates' });
    expect(ask.getAttribute('href')).toBe('/product/11');
    expect(screen.queryByText('Checkout reached')).toBeNull();
  });

  it("signed in, each dated line holds its dates, or shows the buyer's own hold with Renew and Release (decision 082)", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    sessionStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ userData: { payload: { id: 7, phone_number: '9876543210', first_name: 'Asha' } } }),
    );
    const held = {
      id: 3,
      product_id: 10,
      from_date: '2027-01-01',
      to_date: '2027-01-08',
      until: '2026-11-25T06:30:00.000Z',
      requested: false,
      mine: true,
      renewable: true,
      client_name: null,
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = url.startsWith('/api/holds/sites')
        ? { results: [held] }
        : url === '/api/holds'
          ? { id: 9, status: 'active', expires_at: '2026-11-26T06:30:00.000Z' }
          : url === '/api/agency'
            ? { error: { code: 'not_found' } }
            : url.startsWith('/api/product/')
              ? { payload: { count: 3, next: null, previous: null, results: catalogue } }
              : validateAnswer;
      return new Response(JSON.stringify(answer), {
        status: url === '/api/agency' ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderCart(true);
    const goa = screen.getAllByTestId('cart-item')[0]!;
    fireEvent.click(within(goa).getByRole('button', { name: '2 sites' }));
    const own = await screen.findByTestId('cart-site-10');
    expect((await within(own).findByTestId('line-hold')).textContent).toContain(
      'Held by you until 25 Nov 2026, 12:00 pm IST',
    );
    expect(within(own).getByRole('button', { name: 'Release the hold of Site 10' })).toBeTruthy();
    const free = screen.getByTestId('cart-site-11');
    fireEvent.click(within(free).getByRole('button', { name: 'Hold these dates of Site 11' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/holds')).toBe(true));
    expect(calls.find((c) => c.url === '/api/holds')?.body).toEqual({
      product_id: 11,
      from_date: '2027-01-04',
      to_date: '2027-01-15',
    });
    expect(await screen.findByText(/^Site 11 is held for you until/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Hold for' })).toBeNull();
  });

  it('removes only the campaign whose Remove was pressed, customized or not (docs/product-rules.md section 3a)', async () => {
    cartStore.set([
      ...cart,
      {
        id: 3,
        type: 'customized',
        name: 'Pune Weekend',
        products: [entry(13, 100, '2027-03-01', '2027-03-08')],
      },
    ]);
    renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Remove My Mumbai Blitz from cart' }));
    expect(cartStore.get().map((c) => c.id)).toEqual([1, 3]);
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
  });

  it('removes one campaign at a time, and shows Cart Empty at the end', async () => {
    renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Remove My Mumbai Blitz from cart' }));
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Goa Festive from cart' }));
    expect(screen.getByRole('heading', { name: 'Cart Empty' })).toBeTruthy();
    expect(cartStore.get()).toEqual([]);
  });
});
