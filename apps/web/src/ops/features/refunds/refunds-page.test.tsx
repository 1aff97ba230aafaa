import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RefundsPage from './refunds-page';

const row = (over: Record<string, unknown>) => ({
  id: 1,
  order_id: 41,
  amount: 2000,
  reason: 'Board lit late',
  kind: 'operator',
  status: 'failed',
  attempts: 6,
  next_attempt_at: null,
  last_error: 'Razorpay answered 500',
  needs_action: true,
  created_at: '2026-11-22T06:30:00.000Z',
  processed_at: null,
  credit_note_number: null,
  abandon_reason: null,
  ...over,
});
const ROWS = [
  row({
    id: 2,
    order_id: 42,
    amount: 500,
    attempts: 1,
    needs_action: false,
    next_attempt_at: '2026-11-22T06:40:00.000Z',
  }),
  row({}),
];

type Answer = { status: number; body: unknown };
let abandonAnswer: Promise<Answer>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  abandonAnswer = Promise.resolve({ status: 200, body: { ...ROWS[1], status: 'abandoned' } });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const retried = {
      status: 200,
      body: { ...ROWS[1], status: 'processed', credit_note_number: 'CN/26-27/000004' },
    };
    const { status, body } =
      init?.method !== 'POST'
        ? { status: 200, body: { refunds: ROWS } }
        : url.endsWith('/retry')
          ? retried
          : await abandonAnswer;
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RefundsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('/ops/refunds', { timeout: 30_000 }, () => {
  it('lists failed refunds, the ones needing action first, from GET /api/ops/refunds?status=failed', async () => {
    renderPage();
    expect(await screen.findByText('1 needs action, 1 retrying')).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/refunds?status=failed');
    const [first, second] = screen.getAllByTestId('failed-refund');
    expect(within(first).getByText('#41')).toBeTruthy();
    expect(within(first).getByText('Needs action')).toBeTruthy();
    expect(within(first).getByText('Razorpay answered 500')).toBeTruthy();
    expect(within(second).getByText(/^Retrying /)).toBeTruthy();
  });

  it('abandons one with a reason: required, sent once, buttons disabled while it runs', async () => {
    let answer: (a: Answer) => void = () => {};
    abandonAnswer = new Promise((resolve) => {
      answer = resolve;
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: /Abandon the ₹2,000(\.00)? refund of order #41/ }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abandon' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Paid by bank transfer, UTR 991' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abandon' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/ops/refunds/1/abandon');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Paid by bank transfer, UTR 991' });
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    answer({ status: 200, body: { ...ROWS[1], status: 'abandoned' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's error and keeps the dialog open", async () => {
    abandonAnswer = Promise.resolve({
      status: 409,
      body: {
        error: { code: 'conflict', message: 'Only a failed refund can be abandoned; this one is processed.' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Abandon the .* refund of order #41/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Paid in cash' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abandon' }));
    expect(await within(dialog).findByText(/this one is processed/)).toBeTruthy();
  });

  it('Retry now sends one again and says it went through', async () => {
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: /Retry the ₹2,000(\.00)? refund of order #41 now/ }),
    );
    expect(await screen.findByText(/refund of order #41 went through \(CN\/26-27\/000004\)/)).toBeTruthy();
    expect(posts().map(([url]) => url)).toEqual(['/api/ops/refunds/1/retry']);
  });

  it('says so when the list cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    renderPage();
    expect(await screen.findByText(/The failed refunds could not be loaded/)).toBeTruthy();
  });
});
