import type { Approval, BriefDetail, BriefList, Proposal } from '@ooh/shared';
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

const link = (state: Approval['state'], extra: Partial<Approval> = {}): Approval =>
  ({
    id: 21,
    client_id: 12,
    state,
    campaign_id: null,
    proposal_id: 3,
    campaign_name: 'Diwali push, proposal #3',
    client_name: 'Asha Foods',
    agency_name: 'Plan Media',
    lines: [],
    subtotal: 180000,
    gst: 32400,
    total: 212400,
    created_at: '2026-12-01T10:00:00Z',
    expires_at: '2026-12-08T10:00:00Z',
    decided_at: null,
    decided_by_name: null,
    comment: null,
    revoked_at: null,
    ...extra,
  }) as Approval;

describe("a client's brief's page", { timeout: 30_000 }, () => {
  const Stub = ({
    brief,
    outcome,
    approvals = [],
    approvalRequired = false,
  }: {
    brief: BriefDetail;
    outcome?: BriefOutcome;
    approvals?: Approval[];
    approvalRequired?: boolean;
  }) => {
    const S = createRoutesStub([
      {
        id: 'brief',
        path: '/briefs/:briefId',
        Component: () => (
          <BriefPage brief={brief} approvals={approvals} approvalRequired={approvalRequired} />
        ),
      },
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

  it("asks a client that approves first for its approval, in a form in the server's page", () => {
    serverThenHydrate(() => <Stub brief={detail('Asha Foods')} approvalRequired />);
    const section = screen.getByRole('region', {
      name: 'Client approval of the proposal from Sahyadri Outdoor',
    });
    expect(section.textContent).toContain('Asha Foods approves plans before booking');
    const ask = within(section).getByRole('form', { name: 'Ask Asha Foods to approve' });
    expect(
      (within(ask).getByRole('textbox', { name: "Approver's email (optional)" }) as HTMLInputElement).name,
    ).toBe('approver_email');
    expect(within(ask).getByRole('button', { name: 'Ask for approval' })).toBeTruthy();
  });

  it('shows the new link once in full, and the links with their states (Withdraw on a waiting one)', () => {
    const created = {
      client_name: 'Asha Foods',
      url: '/approvals/tok',
      expires_at: '2026-12-08T10:00:00Z',
      href: 'https://adspace.example/approvals/tok',
    };
    serverThenHydrate(() => (
      <Stub
        brief={detail('Asha Foods')}
        approvalRequired
        approvals={[link('pending')]}
        outcome={{ form: 'ask_approval:3', done: 'Approval link made.', created }}
      />
    ));
    expect((screen.getByTestId('approval-link') as HTMLInputElement).value).toBe(
      'https://adspace.example/approvals/tok',
    );
    const row = screen.getByTestId('approval-21');
    expect(row.textContent).toContain('Waiting');
    expect(within(row).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('says an approved proposal can be booked, and asks nothing more', () => {
    const approved = link('approved', { decided_at: '2026-12-02T10:00:00Z', decided_by_name: 'Meera Iyer' });
    serverThenHydrate(() => <Stub brief={detail('Asha Foods')} approvalRequired approvals={[approved]} />);
    const section = screen.getByRole('region', {
      name: 'Client approval of the proposal from Sahyadri Outdoor',
    });
    expect(section.textContent).toContain('Asha Foods approved these lines at these prices');
    expect(within(section).queryByRole('form', { name: 'Ask Asha Foods to approve' })).toBeNull();
    expect(screen.getByTestId('approval-21').textContent).toContain('approved by Meera Iyer');
  });
});
