import type { PayoutRow, PayoutsResponse } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutRow } from '../../../lib/payouts/payout-row.test-helpers';
import { actionsFor } from './payout-actions';
import PayoutsLedgerPage from './payouts-ledger-page';

const held: PayoutRow = payoutRow({
  id: 11,
  hold_reason: 'proof_unverified',
  flagged: true,
  created_at: '2026-11-22T05:00:00.000Z',
});
const released: PayoutRow = {
  ...held,
  id: 12,
  line_id: 9002,
  site_name: 'Baner Road Unipole',
  state: 'released',
  hold_reason: null,
  flagged: false,
  transfer_id: 'trf_1',
  released_at: '2026-11-21T06:00:00.000Z',
};
const ANSWER: PayoutsResponse = {
  payouts: [held, released],
  recoveries: [],
  totals: { held: 9450, released: 9450, reversed: 0, recovered: 0, net_paid: 9450 },
  linked_account: null,
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let wide: boolean;
/** jsdom has no media queries: the ledger is a table from 900 px, cards below. */
const matchMedia = (query: string) => ({
  matches: wide,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});
let postAnswer: () => Promise<Response>;
beforeEach(() => {
  calls = [];
  wide = true;
  vi.stubGlobal('matchMedia', matchMedia);
  postAnswer = async () =>
    new Response(JSON.stringify({ payout: { ...held, state: 'released' } }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') return postAnswer();
      if (String(url).includes('/media-owners')) {
        return new Response(JSON.stringify({ count: 0, page: 1, page_size: 100, results: [] }), {
          status: 200,
        });
      }
      if (String(url).includes('/proofs')) return new Response(JSON.stringify({ data: [] }), { status: 200 });
      return new Response(JSON.stringify(ANSWER), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = (at = '/ops/payouts') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <PayoutsLedgerPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const payoutCalls = () => calls.filter((c) => c.url.startsWith('/api/ops/payouts'));
const posts = () => calls.filter((c) => c.method === 'POST');

describe('/ops/payouts', { timeout: 30_000 }, () => {
  it('lists the ledger with each state, marks a flagged line, and offers Release and Hold only while held', async () => {
    renderPage('/ops/payouts?flagged=true&state=held');
    const grid = await screen.findByRole('grid', { name: 'Payout ledger' });
    expect(await within(grid).findByText('FC Road Gantry')).toBeTruthy();
    expect(within(grid).getAllByText('PN-HO-0077 · Rao Outdoor')).toHaveLength(2);
    expect(payoutCalls()[0].url).toMatch(/\/api\/ops\/payouts\?state=held&flagged=true$/);
    expect(within(grid).getAllByTestId('payout-flagged')).toHaveLength(1);
    expect(within(grid).getByRole('button', { name: /^Release the payout for FC Road Gantry/ })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: /^Hold the payout for FC Road Gantry/ })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: /Baner Road Unipole/ })).toBeNull();
  });

  it('asks a reason with the shared schema, disables the buttons while the call runs, and shows an error', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Hold the payout for FC Road Gantry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold the payout for FC Road Gantry' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(posts()).toEqual([]);

    let answer!: (r: Response) => void;
    postAnswer = () => new Promise((resolve) => (answer = resolve));
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' Photo looks old ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/ops/payouts/11/hold',
      body: { reason: 'Photo looks old' },
    });
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    answer(
      new Response(
        JSON.stringify({ error: { code: 'conflict', message: 'This payout was released already.' } }),
        {
          status: 409,
        },
      ),
    );
    expect(await within(dialog).findByText('This payout was released already.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the proofs waiting on a decision and accepts one with a reason', async () => {
    renderPage('/ops/payouts?view=awaiting');
    const [card] = await screen.findAllByTestId('proof-decision');
    expect(payoutCalls()[0].url).toMatch(/\/api\/ops\/payouts\?awaiting_decision=true$/);
    expect(within(card).getByRole('link', { name: 'Order #501: all proofs' }).getAttribute('href')).toBe(
      '/ops/orders/501#proof-of-posting',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Accept the proof for FC Road Gantry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the proof for FC Road Gantry' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Hoarding visible, angle fine' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept proof' }));
    expect(await screen.findByText('Proof accepted: ₹9,450.00 released to Rao Outdoor.')).toBeTruthy();
    expect(posts()[0]).toMatchObject({ url: '/api/ops/payouts/11/accept-proof' });
  });
});

describe('/ops/payouts on a phone', { timeout: 30_000 }, () => {
  it('shows one card per payout, the flagged one marked, with the same actions', async () => {
    wide = false;
    renderPage();
    const list = await screen.findByRole('list', { name: 'Payout ledger' });
    const cards = await within(list).findAllByTestId('ledger-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('payout-flagged')).toBeTruthy();
    expect(
      within(cards[0]).getByText(
        'Proof unverified: waiting on an operator’s decision · No accepted proof 48 hours after the start',
      ),
    ).toBeTruthy();
    expect(
      within(cards[0])
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Release', 'Hold']);
    expect(within(cards[1]).queryAllByRole('button')).toEqual([]);
    expect(within(cards[1]).getByTestId('payout-state').textContent).toBe('Released');
  });
});

describe('actionsFor', () => {
  it('offers release and hold on a held payout, release only once an operator holds it or it failed', () => {
    expect(actionsFor({ state: 'held', hold_reason: 'awaiting_proof' })).toEqual(['release', 'hold']);
    expect(actionsFor({ state: 'held', hold_reason: 'operator_hold' })).toEqual(['release']);
    expect(actionsFor({ state: 'failed', hold_reason: null })).toEqual(['release']);
    expect(actionsFor({ state: 'released', hold_reason: null })).toEqual([]);
  });
});
