import type { OpsOrderDetail } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_ORDER, opsLine } from './ops-order.test-fixtures';
import { RefundDialog } from './refund-dialog';

const ORDER = OPS_ORDER;

type Answer = { status: number; body: unknown };
let answers: Answer[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async () => {
    const { status, body } = answers.shift() ?? { status: 200, body: {} };
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async (order = ORDER) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefundDialog order={order} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund order #9' });
};
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
const sentKeys = () =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'));

describe('RefundDialog', { timeout: 30_000 }, () => {
  it('is not offered for an unpaid order, and says so when nothing is left', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RefundDialog order={{ ...ORDER, status: 'pending', paid_at: null } as unknown as OpsOrderDetail} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    cleanup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RefundDialog
          order={
            {
              ...ORDER,
              refunded: 24_780,
              refundable: 0,
              refunds: [{ id: 1, amount: 24_780, status: 'processed' }],
            } as unknown as OpsOrderDetail
          }
        />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Refunded in full' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("checks the amount and the reason with the API's schema and what is left, sending nothing until right", async () => {
    const dialog = await open();
    expect(within(dialog).getByText(/₹11,390(\.00)? left/, { selector: 'strong' })).toBeTruthy();
    expect(within(dialog).getByText(/₹1,000(\.00)? in progress/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Amount is required')).toBeTruthy();
    expect(within(dialog).getByText('Reason is required')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/Amount/);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Board unlit' } });
    fireEvent.change(amount, { target: { value: '11390.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/At most ₹11,390(\.00)? is left to refund/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Amount must be at least ₹0.01')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10.005' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/at most two decimals/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a retry after a refusal sends the same key; a changed amount is a new request', async () => {
    answers = [
      {
        status: 502,
        body: { error: { code: 'provider_error', message: 'The payment provider did not answer.' } },
      },
      {
        status: 502,
        body: { error: { code: 'provider_error', message: 'The payment provider did not answer.' } },
      },
    ];
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '1180' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Unlit three nights ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The payment provider did not answer.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '1000' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/orders/9/refunds');
    // Each line's part is sent (decision 065): here all of it on the one line with something left.
    expect(sentBodies()).toEqual([
      { amount: 1180, reason: 'Unlit three nights', parts: [{ line_id: 1, amount: 1180 }] },
      { amount: 1180, reason: 'Unlit three nights', parts: [{ line_id: 1, amount: 1180 }] },
      { amount: 1000, reason: 'Unlit three nights', parts: [{ line_id: 1, amount: 1000 }] },
    ]);
    const [first, retry, changed] = sentKeys();
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });

  it('picks the lines (all by default), shows each line’s part before confirming and sends those parts', async () => {
    const twoOpen = {
      ...ORDER,
      refundable: 24_780,
      items: [opsLine(1, 'scheduled', 12_390), opsLine(2, 'scheduled', 12_390)],
    } as unknown as OpsOrderDetail;
    const dialog = await open(twoOpen);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Unlit' } });
    expect(await within(dialog).findByText(/Truth Road 1: ₹12,390(\.00)? left · refunds ₹500/)).toBeTruthy();
    expect(within(dialog).getByText(/Truth Road 2: ₹12,390(\.00)? left · refunds ₹500/)).toBeTruthy();
    // Only the first line: all of it there, and the ceiling is that line's left.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Truth Road 2/ }));
    expect(
      await within(dialog).findByText(/Truth Road 1: ₹12,390(\.00)? left · refunds ₹1,000/),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('refund-in-full')).toBeNull();
    // The line's whole left: the dialog asks whether to cancel the line too.
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12390' } });
    expect(
      await within(dialog).findByText(/This refunds Truth Road 1 in full\. Cancel the line too\?/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12390.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/At most ₹12,390(\.00)? is left to refund/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBodies()).toEqual([{ amount: 1000, reason: 'Unlit', parts: [{ line_id: 1, amount: 1000 }] }]);
  });

  it('a kept line refunded in full: asks whether to cancel it; chosen, cancels it with its part and refunds the rest', async () => {
    // The first call (line 1's cancel) succeeds, the refund of line 2 fails once, then succeeds.
    answers = [
      { status: 200, body: {} },
      {
        status: 502,
        body: { error: { code: 'provider_error', message: 'The payment provider did not answer.' } },
      },
      { status: 200, body: {} },
    ];
    const twoOpen = {
      ...ORDER,
      refundable: 24_780,
      items: [opsLine(1, 'scheduled', 12_390), opsLine(2, 'scheduled', 12_390)],
    } as unknown as OpsOrderDetail;
    const dialog = await open(twoOpen);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Board taken down' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '13390' } });
    // 13,390 over both by what each has left: line 1 gets 6,695, line 2 gets 6,695: nothing in full.
    expect(
      await within(dialog).findByText(/Truth Road 1: ₹12,390(\.00)? left · refunds ₹6,695/),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('refund-in-full')).toBeNull();
    // Only line 1, all it has left: the dialog asks, and nothing is cancelled unless chosen.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Truth Road 2/ }));
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12390' } });
    const ask = await within(dialog).findByTestId('refund-in-full');
    expect(ask.textContent).toMatch(/Cancel the line too\?/);
    expect(ask.textContent).toMatch(/its owner reads “Refunded, do not mount”/);
    const cancelToo = within(ask).getByRole('checkbox', {
      name: 'Also cancel Truth Road 1',
    }) as HTMLInputElement;
    expect(cancelToo.checked).toBe(false);
    fireEvent.click(cancelToo);
    // Line 2 back in with a part of its own: line 1 is cancelled with its whole left, line 2 refunded.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Truth Road 2/ }));
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '24780' } });
    expect(await within(dialog).findAllByTestId('refund-in-full')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByText('The payment provider did not answer.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const urls = fetchMock.mock.calls.map(([url]) => url);
    // The line is cancelled once (the retry only refunds line 2 again, with the same key).
    expect(urls).toEqual([
      '/api/ops/orders/9/lines/1/cancel',
      '/api/ops/orders/9/refunds',
      '/api/ops/orders/9/refunds',
    ]);
    expect(sentBodies()).toEqual([
      { reason: 'Board taken down', refund: 12_390 },
      { amount: 12_390, reason: 'Board taken down', parts: [{ line_id: 2, amount: 12_390 }] },
      { amount: 12_390, reason: 'Board taken down', parts: [{ line_id: 2, amount: 12_390 }] },
    ]);
    const [, refundKey, retryKey] = sentKeys();
    expect(refundKey).toBeTruthy();
    expect(retryKey).toBe(refundKey);
  });

  it('a posted line refunded in full cannot be cancelled: no choice, it is kept', async () => {
    const posted = {
      ...ORDER,
      refundable: 12_390,
      items: [opsLine(1, 'posted', 12_390)],
    } as unknown as OpsOrderDetail;
    const dialog = await open(posted);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12390' } });
    const ask = await within(dialog).findByTestId('refund-in-full');
    expect(ask.textContent).toMatch(/cannot be cancelled/);
    expect(within(ask).queryByRole('checkbox')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Lit late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/orders/9/refunds');
  });
});
