import type { PayoutRow, PayoutsResponse } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutRow } from '../../../lib/payouts/payout-row.test-helpers';
import { type PartnerOwner, PartnerOwnerContext } from '../../partner-context';
import { totalRows } from './payout-totals';
import PayoutsPage from './payouts-page';

const base: PayoutRow = payoutRow({ hold_reason: 'proof_rejected', created_at: '2026-11-22T05:00:00.000Z' });

const ANSWER: PayoutsResponse = {
  payouts: [
    base,
    {
      ...base,
      id: 2,
      line_id: 9002,
      site_name: 'Baner Road Unipole',
      state: 'released',
      hold_reason: null,
      released_at: '2026-11-21T06:00:00.000Z',
      transfer_id: 'trf_R3l3as3d',
      utr: 'UTR998877',
      created_at: '2026-11-20T05:00:00.000Z',
    },
  ],
  recoveries: [
    {
      id: 5,
      payout_id: 2,
      order_id: 501,
      line_id: 9002,
      amount: 1350,
      month: '2026-11',
      created_at: '2026-11-23T05:00:00.000Z',
    },
  ],
  totals: { held: 9450, released: 9450, reversed: 0, recovered: 1350, net_paid: 8100 },
  linked_account: { status: 'active', account_id: 'acc_X', bank_account_last4: '1234' },
};

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify(ANSWER), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = (role: PartnerOwner['role']): PartnerOwner =>
  ({ id: 3, company_name: 'Rao Outdoor', status: 'approved', role }) as PartnerOwner;

const renderPage = (role: PartnerOwner['role'] = 'admin', at = '/partner/payouts') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <PartnerOwnerContext.Provider value={owner(role)}>
          <PayoutsPage />
        </PartnerOwnerContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/partner/payouts', { timeout: 30_000 }, () => {
  it('shows the totals, recovered as money taken back, and the bank account masked', async () => {
    renderPage();
    expect((await screen.findByTestId('payout-total-net-paid')).textContent).toBe('₹8,100.00');
    expect(screen.getByTestId('payout-total-held').textContent).toBe('₹9,450.00');
    expect(screen.getByTestId('payout-total-recovered').textContent).toBe('\u2212₹1,350.00');
    expect(screen.getByTestId('linked-account').textContent).toMatch(/Bank •••• 1234.*Active/);
    expect(screen.queryByText(/123456789012/)).toBeNull();
  });

  it('lists each line with its state and why, and a recovery as a negative line (cards on a phone)', async () => {
    renderPage();
    const lines = await screen.findAllByTestId('payout-line');
    expect(lines).toHaveLength(3);
    // Newest first: the recovery (23 Nov), the held line (22 Nov), the released one (20 Nov).
    expect(within(lines[0]).getByTestId('payout-amount').textContent).toBe('\u2212₹1,350.00');
    expect(lines[0].textContent).toMatch(/Recovery.*Baner Road Unipole.*refund processed in November 2026/);
    expect(within(lines[1]).getByTestId('payout-state').textContent).toBe('Held');
    expect(lines[1].textContent).toMatch(/Proof rejected: post a new photo/);
    expect(lines[2].textContent).toMatch(/Released on 21 Nov 2026 · Transfer trf_R3l3as3d · UTR UTR998877/);
    expect(lines[2].textContent).toMatch(/1 Dec 2026 - 7 Dec 2026/);
  });

  it('asks the API for the state and month chosen, and for everything once cleared', async () => {
    renderPage('manager', '/partner/payouts?state=released&month=2026-11');
    await screen.findAllByTestId('payout-line');
    expect(asked.at(-1)).toMatch(/\/api\/partner\/payouts\?state=released&month=2026-11$/);
    expect(screen.getByRole('heading', { name: 'Totals for these filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('heading', { name: 'Totals' });
    expect(asked.at(-1)).toMatch(/\/api\/partner\/payouts$/);
  });

  it('shows a field member no money and asks the API nothing', async () => {
    renderPage('field');
    expect(
      await screen.findByText(/Payouts are shown to the admins and managers of Rao Outdoor/),
    ).toBeTruthy();
    expect(screen.queryByTestId('payout-total-net-paid')).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('totalRows', () => {
  it('keeps the five totals in order, recovered negative and net paid as the API computed it', () => {
    expect(
      totalRows({ held: 1, released: 10, reversed: 2, recovered: 3, net_paid: 7 }).map((r) => [
        r.label,
        r.amount,
      ]),
    ).toEqual([
      ['Held', 1],
      ['Released', 10],
      ['Reversed', 2],
      ['Recovered', -3],
      ['Net paid', 7],
    ]);
  });
});
