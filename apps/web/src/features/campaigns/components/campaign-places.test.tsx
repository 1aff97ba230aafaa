import type { CampaignProductEntry, SiteHoldForCaller } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../../components/notify';
import { AuthProvider } from '../../../lib/auth/auth-context';
import { lineHoldState } from '../../../lib/holds/hold-state';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../../../lib/session';
import { CampaignPlaces } from './campaign-places';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the app's session hint cookie (lib/session.ts)
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

const FROM = '2027-01-04';
const TO = '2027-01-11';

const entry = (id: number, code: string, dated = false): CampaignProductEntry => ({
  from_date: dated ? FROM : null,
  to_date: dated ? TO : null,
  price: 9000,
  product: {
    id,
    product_id: code,
    name: `Juhu Median Lamp Posts ${code.slice(-2)}`,
    price: 300,
    unavailable_dates: [],
    booking_duration: 7,
    images: [],
  },
});

const held = (over: Partial<SiteHoldForCaller>): SiteHoldForCaller => ({
  id: 1,
  product_id: 11,
  from_date: FROM,
  to_date: TO,
  until: '2026-11-25T06:30:00.000Z',
  requested: false,
  mine: true,
  renewable: true,
  client_name: null,
  ...over,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderPlaces(products: CampaignProductEntry[]) {
  const Page = () => (
    <CampaignPlaces
      campaignId={3}
      campaignName="Mumbai Lamp Post Blitz"
      products={products}
      statuses={null}
      onPlaceRange={() => {}}
    />
  );
  const Stub = createRoutesStub([{ path: '/campaign/3', Component: Page }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <NotifyProvider>
          <Stub initialEntries={['/campaign/3']} />
        </NotifyProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

function signIn() {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
  sessionStorage.setItem(
    USER_DETAILS_KEY,
    JSON.stringify({ userData: { payload: { id: 7, phone_number: '9876543210', first_name: 'Asha' } } }),
  );
}

describe('CampaignPlaces', () => {
  it('tells two sites of the same name apart by their codes (issue 45)', async () => {
    renderPlaces([entry(11, 'MUM-LP-0011'), entry(12, 'MUM-LP-0012')]);
    const places = await screen.findAllByRole('listitem');
    expect(places).toHaveLength(2);
    expect(within(places[0]!).getByTestId('site-code').textContent).toBe('Site code MUM-LP-0011');
    expect(within(places[1]!).getByTestId('site-code').textContent).toBe('Site code MUM-LP-0012');
  });

  it("shows each dated line's hold for the signed-in buyer: theirs with Renew and Release, another's, or Hold", async () => {
    signIn();
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/holds/sites'))
        return json({
          results: [
            held({ id: 1, product_id: 11 }),
            held({ id: 2, product_id: 12, mine: false, renewable: false }),
          ],
        });
      if (url === '/api/holds/1/renew' && init?.method === 'POST')
        return json({ id: 1, status: 'active', expires_at: '2026-11-26T06:30:00.000Z' });
      return json({});
    });
    vi.stubGlobal('fetch', fetch);
    renderPlaces([
      entry(11, 'MUM-LP-0011', true),
      entry(12, 'MUM-LP-0012', true),
      entry(13, 'MUM-LP-0013', true),
      entry(14, 'MUM-LP-0014'),
    ]);
    const [mine, theirs, free, undated] = await screen.findAllByRole('listitem');
    expect((await within(mine!).findByTestId('line-hold')).textContent).toContain(
      'Held by you until 25 Nov 2026, 12:00 pm IST',
    );
    expect(within(mine!).getByRole('button', { name: /Renew the hold/ })).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: /Release the hold/ })).toBeTruthy();
    expect(within(theirs!).getByTestId('line-hold').textContent).toBe(
      'On hold for someone else until 25 Nov 2026, 12:00 pm IST.',
    );
    expect(within(theirs!).queryByRole('button', { name: /Hold these dates/ })).toBeNull();
    expect(within(free!).getByRole('button', { name: /Hold these dates/ })).toBeTruthy();
    // Without dates there is nothing to hold yet.
    expect(within(undated!).queryByRole('button', { name: /Hold/ })).toBeNull();
    const asked = String(fetch.mock.calls.find(([u]) => String(u).startsWith('/api/holds/sites'))?.[0]);
    expect(decodeURIComponent(asked)).toBe('/api/holds/sites?product_ids=11,12,13,14');

    fireEvent.click(within(mine!).getByRole('button', { name: /Renew the hold/ }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => u === '/api/holds/1/renew' && i?.method === 'POST')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Juhu Median Lamp Posts 11: hold renewed.')).toBeTruthy();
  });
});

describe('CampaignPlaces "Hold for" (decision 092)', () => {
  const agencyClient = {
    id: 4,
    name: 'Chai Point Brands',
    monthly_limit_paise: null,
    spent_this_month_paise: 0,
  };
  function stub(role: 'planner' | 'approver' | null) {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/holds/sites'))
        return json({ results: [held({ id: 1, product_id: 11, client_name: 'Chai Point Brands' })] });
      if (url === '/api/agency')
        return role
          ? json({ data: { id: 1, company_name: 'Rao Media', role } })
          : new Response('{"error":{"code":"not_found"}}', { status: 404 });
      if (url === '/api/agency/clients') return json({ data: [agencyClient] });
      if (url === '/api/holds' && init?.method === 'POST')
        return json({ id: 9, status: 'active', expires_at: '2026-11-26T06:30:00.000Z' });
      return json({});
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it("a planner's hold from a line is for the client chosen; the line names the client it is held for", async () => {
    signIn();
    const fetch = stub('planner');
    renderPlaces([entry(11, 'MUM-LP-0011', true), entry(12, 'MUM-LP-0012', true)]);
    const [held4, free] = await screen.findAllByRole('listitem');
    expect((await within(held4!).findByTestId('line-hold')).textContent).toContain(
      'Held by you for Chai Point Brands until',
    );
    const choice = await screen.findByRole('combobox', { name: 'Hold for' });
    expect(await screen.findByRole('option', { name: 'Chai Point Brands' })).toBeTruthy();
    fireEvent.change(choice, { target: { value: '4' } });
    fireEvent.click(within(free!).getByRole('button', { name: /Hold these dates/ }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => u === '/api/holds' && i?.method === 'POST')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/holds' && i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: 12,
      from_date: FROM,
      to_date: TO,
      client_id: 4,
    });
    expect(
      await screen.findByText(/^Juhu Median Lamp Posts 12 is held for Chai Point Brands until/),
    ).toBeTruthy();
  });

  it('an approver, or someone of no agency, gets no choice and holds for themselves', async () => {
    for (const role of ['approver', null] as const) {
      signIn();
      const fetch = stub(role);
      renderPlaces([entry(12, 'MUM-LP-0012', true)]);
      const [free] = await screen.findAllByRole('listitem');
      await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/agency')).toBe(true));
      expect(screen.queryByRole('combobox', { name: 'Hold for' })).toBeNull();
      fireEvent.click(await within(free!).findByRole('button', { name: /Hold these dates/ }));
      await waitFor(() =>
        expect(fetch.mock.calls.some(([u, i]) => u === '/api/holds' && i?.method === 'POST')).toBe(true),
      );
      const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/holds' && i?.method === 'POST')!;
      expect(JSON.parse(String(init?.body))).not.toHaveProperty('client_id');
      expect(fetch.mock.calls.some(([u]) => u === '/api/agency/clients')).toBe(false);
      cleanup();
    }
  });
});

describe('lineHoldState', () => {
  it("prefers the buyer's own hold on the dates, then another's; dates that only touch a hold are free", () => {
    const other = held({ id: 2, mine: false, renewable: false });
    const own = held({ id: 3, from_date: '2027-01-08', to_date: '2027-01-15' });
    expect(lineHoldState([other, own], FROM, TO)).toEqual({ kind: 'mine', hold: own });
    expect(lineHoldState([other], FROM, TO)).toEqual({ kind: 'other', hold: other });
    expect(lineHoldState([other], TO, '2027-01-18')).toEqual({ kind: 'free' });
    expect(lineHoldState(undefined, FROM, TO)).toEqual({ kind: 'free' });
    expect(lineHoldState([own], null, TO)).toBeNull();
  });
});
