import type { Product } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotifyProvider } from '../../../components/notify';
import { AuthProvider } from '../../../lib/auth/auth-context';
import { type DateRange, isAllSelected, selectAll } from '../../../lib/campaigns/campaign-draft';
import { useLocalStore } from '../../../lib/local-store';
import { customizedCampaignStore, emptyCustomizedCampaign } from '../../../lib/stores';
import { ProductResults } from './product-results';

const product = (id: number): Product => ({
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
});

/** The results wired to the real customizedCampaign store, as the customize page wires them. */
function Harness({
  listed,
  dates,
  availability,
}: {
  listed: Product[];
  dates?: DateRange;
  availability?: Map<number, boolean>;
}) {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  // The cards ask for the signed-in buyer's own holds (signed out here: nothing is asked).
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <NotifyProvider>
            <ProductResults
              products={listed}
              count={listed.length}
              loading={false}
              error={false}
              availability={availability}
              dates={dates}
              allSelected={isAllSelected(draft, { count: listed.length, ids: listed.map((p) => p.id) })}
              selectAllCount={listed.length}
              onSelectAll={(checked) => setDraft((d) => selectAll(d, listed, checked, dates))}
              hasMore={false}
              loadingMore={false}
              onLoadMore={() => {}}
            />
          </NotifyProvider>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}

const stored = () => customizedCampaignStore.get().products.map((e) => e.product.id);
const selectAllBox = () => screen.getByRole('checkbox', { name: /^Select all \d+ products?$/ });
const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  localStorage.clear();
  customizedCampaignStore.set(emptyCustomizedCampaign());
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// MUI in jsdom is slow to render and query by role on a shared 2-core machine.
describe('select all and the Add/Remove toggle', { timeout: 30_000 }, () => {
  it('select all adds every listed site, sorted, and persists it under customizedCampaign', () => {
    render(<Harness listed={[product(3), product(1), product(2)]} />);
    expect(screen.getByRole('heading', { name: 'Showing 3 results' })).toBeTruthy();
    expect((selectAllBox() as HTMLInputElement).checked).toBe(false);
    fireEvent.click(selectAllBox());
    expect(stored()).toEqual([1, 2, 3]);
    expect(JSON.parse(localStorage.getItem('customizedCampaign') ?? '{}').products).toHaveLength(3);
    expect((selectAllBox() as HTMLInputElement).checked).toBe(true);
    for (const name of ['Site 1', 'Site 2', 'Site 3']) {
      expect(
        within(card(name)).getByRole('button', { name: `Remove ${name} from your campaign` }),
      ).toBeTruthy();
    }
  });

  it('removing one site unchecks select all; checking again adds only the missing one', () => {
    customizedCampaignStore.set({ name: 'Mine', products: [] });
    render(
      <Harness
        listed={[product(1), product(2)]}
        dates={{ from_date: '2026-12-01', to_date: '2026-12-08' }}
      />,
    );
    fireEvent.click(within(card('Site 2')).getByRole('button', { name: 'Add Site 2 to your campaign' }));
    expect(stored()).toEqual([2]);
    // The page's dates go with the added site.
    expect(customizedCampaignStore.get().products[0]).toMatchObject({
      from_date: '2026-12-01',
      to_date: '2026-12-08',
    });
    expect((selectAllBox() as HTMLInputElement).checked).toBe(false);

    fireEvent.click(selectAllBox());
    expect(stored()).toEqual([1, 2]);
    expect((selectAllBox() as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(card('Site 1')).getByRole('button', { name: 'Remove Site 1 from your campaign' }));
    expect(stored()).toEqual([2]);
    expect((selectAllBox() as HTMLInputElement).checked).toBe(false);
    expect(customizedCampaignStore.get().name).toBe('Mine');
  });

  it('unchecking removes the listed sites and keeps sites added from another search', () => {
    render(<Harness listed={[product(4), product(5)]} />);
    // Site 9 came from an earlier search.
    act(() => customizedCampaignStore.set((d) => selectAll(d, [product(9)], true)));
    fireEvent.click(selectAllBox());
    expect(stored()).toEqual([4, 5, 9]);
    // Every listed site is in the campaign: checked, whatever else the campaign holds (docs/product-rules.md section 3a).
    expect((selectAllBox() as HTMLInputElement).checked).toBe(true);
    fireEvent.click(selectAllBox());
    expect(stored()).toEqual([9]);
  });

  it('adds a site that needs longer than the page dates without dates, and says so', async () => {
    const monthly = { ...product(6), booking_duration: 30 };
    render(<Harness listed={[monthly]} dates={{ from_date: '2026-12-01', to_date: '2026-12-08' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Site 6 to your campaign' }));
    expect(customizedCampaignStore.get().products[0]).toMatchObject({ from_date: null, to_date: null });
    // The snackbar's view loads with the first message.
    expect(await screen.findByText(/Site 6 needs at least 30 days/)).toBeTruthy();
  });

  it('shows the availability badge only when availability is supplied', () => {
    const { unmount } = render(<Harness listed={[product(1), product(2)]} />);
    expect(screen.queryByText('Available')).toBeNull();
    expect(screen.queryByText('Unavailable')).toBeNull();
    unmount();
    render(
      <Harness
        listed={[product(1), product(2)]}
        availability={
          new Map([
            [1, true],
            [2, false],
          ])
        }
      />,
    );
    expect(within(card('Site 1')).getByText('Available')).toBeTruthy();
    expect(within(card('Site 2')).getByText('Unavailable')).toBeTruthy();
  });

  it("says a site is on hold until when the dates meet another buyer's hold (decision 084)", () => {
    const hold = {
      id: 9,
      from_date: '2026-12-05',
      to_date: '2026-12-12',
      until: '2026-11-25T06:30:00.000Z',
      requested: false,
    };
    const held = { ...product(3), holds: [hold] };
    const { unmount } = render(
      <Harness
        listed={[held, product(4)]}
        dates={{ from_date: '2026-12-10', to_date: '2026-12-17' }}
        availability={
          new Map([
            [3, false],
            [4, false],
          ])
        }
      />,
    );
    expect(within(card('Site 3')).getByTestId('on-hold').textContent).toBe(
      'On hold until 25 Nov 2026, 12:00 pm IST',
    );
    expect(within(card('Site 3')).queryByText('Unavailable')).toBeNull();
    expect(within(card('Site 4')).getByText('Unavailable')).toBeTruthy();
    unmount();
    // Dates clear of the hold: no such words.
    render(<Harness listed={[held]} dates={{ from_date: '2026-12-12', to_date: '2026-12-19' }} />);
    expect(within(card('Site 3')).queryByTestId('on-hold')).toBeNull();
  });
});
