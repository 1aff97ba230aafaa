import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth/auth-context';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../../lib/session';
import { billToLines, QuotationButton } from './quotation-button';

const buyer = {
  id: 7,
  phone_number: '9876543210',
  first_name: 'Asha',
  last_name: 'Rao',
  email: null,
  company: 'Acme Outdoor Pvt Ltd',
  company_type: null,
  gst: '27AAPFU0939F1ZV',
  pan: null,
  address_line_1: '4 MG Road',
  address_line_2: null,
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <QuotationButton cart={[]} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the app's session hint cookie (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe("the quotation's Bill to", () => {
  it('lists the profile as the PDF prints it: name, company, address, then the city line', () => {
    expect(billToLines({ ...buyer, name: 'Asha Rao' })).toEqual([
      'Asha Rao',
      'Acme Outdoor Pvt Ltd',
      '4 MG Road',
      'Pune, Maharashtra 411001',
    ]);
  });

  it("shows a signed-in buyer's company and GSTIN above the download", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    sessionStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ userData: { payload: buyer } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: buyer })),
    );
    renderButton();
    expect(await screen.findByRole('heading', { name: 'Quotation bill to' })).toBeTruthy();
    expect(screen.getByText('Acme Outdoor Pvt Ltd')).toBeTruthy();
    expect(screen.getByText('GSTIN: 27AAPFU0939F1ZV')).toBeTruthy();
    expect(screen.queryByText(/Unregistered/i)).toBeNull();
  });

  it('asks a signed-out visitor to sign in to be billed by name and GSTIN', () => {
    renderButton();
    expect(screen.getByText(/Sign in before downloading/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download quotation (PDF)' })).toBeTruthy();
  });
});
