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
