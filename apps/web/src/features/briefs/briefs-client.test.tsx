import type { BriefDetail, BriefList, Proposal } from '@ooh/shared';
import { act, cleanup, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BriefOutcome } from './brief-actions';
import BriefPage from './brief-page';
import BriefsPage from './briefs-page';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  cleanup();
});

const base = {
  id: 5,
  name: 'Diwali push',
  cities: ['Pune'],
  formats: [],
  from_date: '2027-01-10',
  to_date: '2027-01-20',
  budget: 250000,
  objective: '',
  notes: '',
  respond_by: '2027-01-05',
  status: 'open',
  created_at: '2026-12-01T10:00:00Z',
} as unknown as BriefList['results'][number];

const list = (client_name: string | null): BriefList => ({
  results: [{ ...base, proposals: 1, client_name }],
});

const clients = [
  { id: 12, name: 'Asha Foods' },
  { id: 13, name: 'Konkan Cycles' },
];

/** Rendered as the server sends it, then hydrated in place (what a phone sees, then what it runs). */
function serverThenHydrate(ui: () => React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  document.body.append(container);
  return {
    container,
    hydrate: async () => {
      await act(async () => {
        root = hydrateRoot(container, ui());
      });
    },
  };
}

// Decision 092: an agency's planner posts a brief for a client, and sees whom each brief is for.
describe('the briefs page for an agency client', { timeout: 30_000 }, () => {
  const Stub = (props: Parameters<typeof BriefsPage>[0]) => {
    const S = createRoutesStub([{ path: '/briefs', Component: () => <BriefsPage {...props} /> }]);
    return <S initialEntries={['/briefs']} />;
  };

  it('offers "For client" in the server\'s form, and keeps a client picked before the scripts ran', async () => {
    const page = serverThenHydrate(() => <Stub briefs={list(null)} clients={clients} />);
    const form = screen.getByRole('form', { name: 'Post a brief' });
    const select = within(form).getByRole('combobox', { name: 'For client' }) as HTMLSelectElement;
    expect(select.name).toBe('client_id');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Myself (no client)',
      'Asha Foods',
      'Konkan Cycles',
    ]);
    select.value = '13';
    await page.hydrate();
    const after = within(screen.getByRole('form', { name: 'Post a brief' })).getByRole('combobox', {
      name: 'For client',
    }) as HTMLSelectElement;
    expect(after.value).toBe('13');
    expect(new FormData(after.form!).get('client_id')).toBe('13');
  });

  it('offers no client to a buyer without any (nothing is sent for them)', () => {
    serverThenHydrate(() => <Stub briefs={list(null)} clients={[]} />);
    expect(screen.queryByRole('combobox', { name: 'For client' })).toBeNull();
  });

  it('says whom a brief is for on the list', () => {
    serverThenHydrate(() => <Stub briefs={list('Asha Foods')} clients={clients} />);
    const yours = screen.getByRole('region', { name: 'Your briefs' });
    expect(within(yours).getByText(/· for Asha Foods$/)).toBeTruthy();
  });
});

const proposal = {
  id: 3,
  brief_id: 5,
  owner: { id: 2, name: 'Sahyadri Outdoor' },
  status: 'accepted',
  valid_until: '2027-01-08T18:29:59Z',
  notes: '',
  lines: [],
  offers: [],
  totals: { subtotal: 180000, gst: 32400, total: 212400, kind: 'inter' },
  accepted_totals: { subtotal: 180000, gst: 32400, total: 212400, kind: 'inter' },
  figures: {
    impressions: 0,
    cpm: null,
    reach_estimate: 0,
    frequency_estimate: null,
    method: '',
    cost: 0,
    lines: 0,
    lines_counted: 0,
    sources: [],
  },
  order_id: null,
  created_at: '2026-12-01T10:00:00Z',
} as unknown as Proposal;

const detail = (client_name: string | null): BriefDetail =>
  ({ ...base, proposals: [proposal], client_name }) as BriefDetail;

describe("a client's brief's page", { timeout: 30_000 }, () => {
  const Stub = ({ brief, outcome }: { brief: BriefDetail; outcome?: BriefOutcome }) => {
    const S = createRoutesStub([
      { id: 'brief', path: '/briefs/:briefId', Component: () => <BriefPage brief={brief} /> },
    ]);
    return (
      <S
        initialEntries={['/briefs/5']}
        hydrationData={outcome ? { actionData: { brief: outcome } } : undefined}
      />
    );
  };

  it('says whom it books for and takes the PO number in the booking form', () => {
    serverThenHydrate(() => <Stub brief={detail('Asha Foods')} />);
    expect(screen.getByText('Asha Foods', { selector: 'h1 + p strong' })).toBeTruthy();
    const book = screen.getByRole('form', { name: 'Book the accepted lines from Sahyadri Outdoor' });
    expect(within(book).getByText(/^Books for/).textContent).toContain('Books for Asha Foods');
    const po = within(book).getByRole('textbox', { name: 'PO number (optional)' });
    expect((po as HTMLInputElement).name).toBe('po_number');
    expect(within(book).getByRole('button', { name: 'Book accepted' })).toBeTruthy();
  });

  it("asks no PO number for the buyer's own brief", () => {
    serverThenHydrate(() => <Stub brief={detail(null)} />);
    const book = screen.getByRole('form', { name: 'Book the accepted lines from Sahyadri Outdoor' });
    expect(within(book).queryByRole('textbox')).toBeNull();
  });

  it('shows a refusal (a client needing approval) on that proposal, with the PO number kept', () => {
    const message = 'Bookings for Asha Foods need Asha Foods’s approval of the plan first.';
    serverThenHydrate(() => (
      <Stub
        brief={detail('Asha Foods')}
        outcome={{ form: 'book:3', message, values: { po_number: 'PO-1' } }}
      />
    ));
    const card = screen.getByRole('article', { name: 'Proposal from Sahyadri Outdoor' });
    expect(within(card).getByRole('alert').textContent).toBe(message);
    expect(
      (within(card).getByRole('textbox', { name: 'PO number (optional)' }) as HTMLInputElement).value,
    ).toBe('PO-1');
  });
});
