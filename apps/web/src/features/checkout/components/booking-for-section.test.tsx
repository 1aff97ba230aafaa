import type { Agency, AgencyClient, AgencyClientWithSpend } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billedTo } from '../../../lib/agency/agency-api';
import { useBookingFor } from '../use-booking-for';
import { BookingForSection } from './booking-for-section';

configure({ asyncUtilTimeout: 10_000 });

const agency = (role: Agency['role']): Agency => ({
  id: 1,
  company_name: 'Rao Media',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address: '4 Law College Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411004',
  role,
});
const client = (
  id: number,
  name: string,
  bill_to: AgencyClient['bill_to'],
  state: string,
  monthly_limit_paise: number | null = null,
): AgencyClientWithSpend => ({
  id,
  name,
  gstin: null,
  address_line_1: '9 Karve Road',
  city: 'Bengaluru',
  state,
  pin: '560001',
  bill_to,
  approval_required: false,
  monthly_limit_paise,
  spent_this_month_paise: 25_000_000,
});
const clients = [
  client(4, 'Acme Foods', 'client', 'Karnataka'),
  client(5, 'Zed Tea', 'agency', 'Assam', 100_000_000),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as a member of `role` (or of no agency) sees it; the calls made are kept. */
function stubApi(role: Agency['role'] | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/api/agency/clients')) return json(200, { data: clients });
      if (url.endsWith('/api/agency'))
        return role ? json(200, { data: agency(role) }) : json(404, { error: { code: 'not_found' } });
      return json(404, {});
    }),
  );
  return calls;
}

/** Checkout's part: the section and what the booking call would carry. */
function Harness({ refusal }: { refusal?: string }) {
  const booking = useBookingFor('9876543210', true);
  return (
    <>
      <BookingForSection booking={booking} disabled={false} refusal={refusal} />
      <output data-testid="sent">{JSON.stringify(booking.fields)}</output>
      <output data-testid="state">{booking.billed?.state ?? ''}</output>
      <output data-testid="known">{String(booking.known)}</output>
    </>
  );
}

const renderHarness = (refusal?: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness refusal={refusal} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout "Booking for" (decision 092)', () => {
  it("lets a planner book for a client with a PO number, billed as the client's bill_to says", async () => {
    stubApi('planner');
    renderHarness();
    const choose = await screen.findByRole('combobox', { name: 'Booking for' });
    expect(await screen.findByRole('option', { name: 'Acme Foods' })).toBeTruthy();
    expect(screen.getByTestId('sent').textContent).toBe('{}');
    expect(screen.getByText('Billed to your own details')).toBeTruthy();

    fireEvent.change(choose, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('PO number (optional)'), { target: { value: ' PO-77 ' } });
    expect(JSON.parse(screen.getByTestId('sent').textContent ?? '')).toEqual({
      client_id: 4,
      po_number: 'PO-77',
    });
    expect(screen.getByText('Billed to Acme Foods, through Rao Media')).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('Karnataka');

    // A client billed through the agency: the agency's name and state.
    fireEvent.change(choose, { target: { value: '5' } });
    // Its monthly limit of ₹10 lakh with ₹2.5 lakh spent this month: what is left is said before booking.
    expect(
      screen.getByText(
        'Billed to Rao Media, for client Zed Tea · ₹7,50,000.00 of its monthly limit left, before GST',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('Maharashtra');
    expect(screen.getByLabelText('PO number (optional)').getAttribute('maxlength')).toBe('40');
  });

  it('shows an approver, or someone of no agency, nothing and sends nothing', async () => {
    for (const role of ['approver', null] as const) {
      const calls = stubApi(role);
      renderHarness();
      // Once the agency's answer (an approver's agency, or 404) is in: no section, no clients asked for.
      await vi.waitFor(() => expect(screen.getByTestId('known').textContent).toBe('true'));
      expect(screen.queryByRole('heading', { name: 'Booking for' })).toBeNull();
      expect(screen.getByTestId('sent').textContent).toBe('{}');
      expect(calls.some((u) => u.endsWith('/api/agency/clients'))).toBe(false);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('billedTo', () => {
  it('names the client through the agency, or the agency for the client', () => {
    expect(billedTo(agency('admin'), clients[0])).toEqual({
      text: 'Acme Foods, through Rao Media',
      state: 'Karnataka',
    });
    expect(billedTo(agency('admin'), clients[1])).toEqual({
      text: 'Rao Media, for client Zed Tea',
      state: 'Maharashtra',
    });
  });

  it("says the API's refusal of a booking for the client inside the section", async () => {
    stubApi('planner');
    const message =
      "Bookings for Acme Foods need Acme Foods's approval of the plan first: ask for approval of this campaign.";
    renderHarness(message);
    const section = await screen.findByRole('region', { name: 'Booking for' });
    expect(within(section).getByRole('alert').textContent).toBe(message);
  });
});
