import type { SharedPlanResponse } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLinkExpiry } from '../../components/plans/share-expiry';
import { sharedPlanQuery } from './api/get-shared-plan';
import SharedPlanPage from './shared-plan-page';

afterEach(cleanup);

const site = (id: number, code: string) => ({
  id,
  code,
  name: 'Juhu Median Lamp Posts',
  address: 'Juhu Tara Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  latitude: null,
  longitude: null,
  category: 'Lamp Post',
  width_ft: 3,
  height_ft: 5,
  lighting: null,
  impressions: null,
  from_date: '2026-12-07',
  to_date: '2027-01-06',
  days: 30,
  daily_price: 300,
  line_price: 9000,
  photo: null,
});

// 20:00 UTC is already the next day in India: the ISO date and the IST day differ here.
const shared: SharedPlanResponse = {
  expires_at: '2027-01-05T20:00:00.000Z',
  plan: {
    kind: 'campaign',
    title: 'Mumbai Lamp Post Blitz',
    from_date: '2026-12-07',
    to_date: '2027-01-06',
    site_count: 2,
    sites: [site(11, 'MUM-LP-0011'), site(12, 'MUM-LP-0012')],
    subtotal: 18_000,
    gst_rate: 0.18,
    gst_estimate: 3240,
    total: 21_240,
    generated_at: '2026-12-02T00:00:00.000Z',
  },
} as SharedPlanResponse;

describe('the shared plan page (issue 45)', () => {
  it('shows first day - last day in the Indian format and the same expiry as the share dialog, in IST', () => {
    // The plan as the route's loader hands it over (its query in the cache, lib/loader-queries.ts).
    const client = new QueryClient();
    client.setQueryData(sharedPlanQuery('abc').queryKey, shared);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/plan/abc']}>
          <Routes>
            <Route path="/plan/:token" element={<SharedPlanPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // [7 Dec, 6 Jan) is read as 7 Dec - 5 Jan: the end day is the last day shown, not the exclusive end.
    expect(screen.getByTestId('shared-plan-dates').textContent).toBe('7 Dec 2026 - 5 Jan 2027 (30 days)');
    expect(screen.getAllByText(/7 Dec 2026 - 5 Jan 2027 · 30 days/)).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(screen.getByTestId('shared-plan-expiry').textContent).toBe(
      'Link valid until 6 Jan 2027, 1:30 am IST',
    );
    expect(formatLinkExpiry(shared.expires_at)).toBe('6 Jan 2027, 1:30 am IST');
    // Same names, told apart by their codes.
    expect(screen.getAllByTestId('site-code').map((e) => e.textContent)).toEqual([
      'Site code MUM-LP-0011',
      'Site code MUM-LP-0012',
    ]);
  });
});
