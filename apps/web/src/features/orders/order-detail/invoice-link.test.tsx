import type { OrderDetail } from '@ooh/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceLink } from './invoice-link';

const order = {
  id: 7,
  invoice: { number: 'INV/26-27/000007', url: '/api/orders/7/invoice.pdf' },
} as unknown as OrderDetail;

let answer: Response;
const fetchMock = vi.fn(async () => answer);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invoice download', () => {
  it('fetches the PDF with the session cookie, no token, and saves it under the invoice number', async () => {
    answer = new Response('%PDF-1.7', {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<InvoiceLink order={order} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download tax invoice INV/26-27/000007' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/7/invoice.pdf');
    // The browser sends the HttpOnly session cookie itself; the app holds no credential to add.
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('invoice-INV-26-27-000007.pdf');
  });

  it('says what went wrong, and shows nothing for an order without an invoice', async () => {
    answer = new Response(JSON.stringify({ error: { code: 'not_found', message: 'Invoice not found.' } }), {
      status: 404,
    });
    render(<InvoiceLink order={order} />);
    fireEvent.click(screen.getByRole('button', { name: /Download tax invoice/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invoice not found.');
    cleanup();
    const { container } = render(<InvoiceLink order={{ ...order, invoice: null }} />);
    expect(container.textContent).toBe('');
  });
});
