import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelLineDialog } from './cancel-line-dialog';
import { OPS_ORDER } from './ops-order.test-fixtures';

const ORDER = OPS_ORDER;

type Answer = { status: number; body: unknown };
let answer: Promise<Answer>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answer = Promise.resolve({ status: 200, body: {} });
  fetchMock = vi.fn(async () => {
    const { status, body } = await answer;
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderLine = (index: number) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelLineDialog order={ORDER} line={ORDER.items[index]} />
    </QueryClientProvider>,
  );

const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel Truth Road 1' }));
  return screen.findByRole('dialog');
};

describe('CancelLineDialog', { timeout: 30_000 }, () => {
  it('is not offered for a posted line (decision 048)', () => {
    renderLine(1);
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('checks the reason and the refund with the shared schema and what is left, and sends nothing until right', async () => {
    renderLine(0);
    const dialog = await open();
    expect(within(dialog).getByText(/₹11,390(\.00)? left/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel line' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    const refund = within(dialog).getByLabelText(/Refund/);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wall repainted' } });
    fireEvent.change(refund, { target: { value: '11390.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel line' }));
    expect(await within(dialog).findByText(/At most ₹11,390(\.00)? is left to refund/)).toBeTruthy();
    fireEvent.change(refund, { target: { value: '0.001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel line' }));
    expect(await within(dialog).findByText(/must be 0 or at least ₹0.01/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancels with a ₹0 refund; buttons disabled while it runs; closes when done', async () => {
    let done: (a: Answer) => void = () => {};
    answer = new Promise((resolve) => {
      done = resolve;
    });
    renderLine(0);
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Buyer asked by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel line' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/ops/orders/9/lines/1/cancel');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Buyer asked by phone', refund: 0 });
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Keep the line' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    done({
      status: 200,
      body: { order_id: 9, line_id: 1, status: 'cancelled', refund: null, refundable: 11_390 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's refusal and stays open", async () => {
    answer = Promise.resolve({
      status: 409,
      body: { error: { code: 'conflict', message: 'Only ₹100.00 is left to refund on this order.' } },
    });
    renderLine(0);
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Damaged board' } });
    fireEvent.change(within(dialog).getByLabelText(/Refund/), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel line' }));
    expect(await within(dialog).findByText('Only ₹100.00 is left to refund on this order.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({
      reason: 'Damaged board',
      refund: 500,
    });
  });
});
