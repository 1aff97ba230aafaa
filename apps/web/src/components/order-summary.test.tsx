import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredCampaign } from '../lib/stores';
import { OrderSummaryList } from './order-summary';

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

function renderSummary(billingState: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderSummaryList cart={cart} billingState={billingState} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ company_state: 'Maharashtra', rate_percent: 18, sac: '998366' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Order Summary with GST', () => {
  it('shows CGST 9 % + SGST 9 % for a buyer billed in the marketplace state', async () => {
    renderSummary('maharashtra');
    expect(await screen.findByTestId('cgst')).toHaveProperty('textContent', '₹945.00');
    expect(screen.getByTestId('sgst').textContent).toBe('₹945.00');
    expect(screen.getByTestId('subtotal').textContent).toBe('₹10,500.00');
    expect(screen.getByTestId('total-payable').textContent).toBe('₹12,390.00');
    expect(screen.getByText('Place of supply: Maharashtra')).toBeTruthy();
  });
  it('shows IGST 18 % for another state, and an estimate when the state is unknown', async () => {
    renderSummary('Karnataka');
    expect((await screen.findByTestId('igst')).textContent).toBe('₹1,890.00');
    cleanup();
    renderSummary(null);
    expect(screen.getByTestId('gst-estimate').textContent).toBe('₹1,890.00');
    expect(screen.getByTestId('total-payable').textContent).toBe('₹12,390.00');
  });
});

describe('the Order Summary at checkout', () => {
  const quoted: StoredCampaign[] = [
    {
      ...cart[0],
      products: [
        {
          ...cart[0].products[0],
          quote: {
            from_date: '2027-01-01',
            to_date: '2027-01-08',
            price: 9900,
            lines: [
              {
                kind: 'base',
                label: 'Weekly rate',
                days: 7,
                rate: 1200,
                percent: null,
                amount: 8400,
                rule_ids: [],
              },
              {
                kind: 'seasonal',
                label: 'New year +25 %',
                days: 5,
                rate: null,
                percent: 25,
                amount: 1500,
                rule_ids: [2],
              },
            ],
          },
        },
      ],
    },
  ];
  const renderWith = (campaigns: StoredCampaign[], breakdown: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderSummaryList cart={campaigns} billingState="maharashtra" breakdown={breakdown} />
      </QueryClientProvider>,
    );

  it("shows how the server priced each site, in the shared words, and the cart's summary does not repeat it", () => {
    renderWith(quoted, true);
    const lines = screen.getByTestId('summary-breakdown-10');
    expect(lines.textContent).toContain('Weekly rate: ₹1,200.00 × 7 days₹8,400.00');
    expect(lines.textContent).toContain('New year +25 % (5 days)+₹1,500.00');
    cleanup();
    renderWith(quoted, false);
    expect(screen.queryByTestId('summary-breakdown-10')).toBeNull();
  });

  it('drops a breakdown once the dates are no longer the quoted ones', () => {
    const moved = structuredClone(quoted);
    moved[0].products[0].to_date = '2027-01-09';
    renderWith(moved, true);
    expect(screen.queryByTestId('summary-breakdown-10')).toBeNull();
  });
});
