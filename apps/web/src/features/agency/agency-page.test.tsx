import type { Agency, AgencyRole } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgencyOutcome } from './agency-action';
import AgencyPage, { type RenderedAgency } from './agency-page';

const agencyOf = (role: AgencyRole): Agency => ({
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
const member = (id: number, role: AgencyRole, is_you = false) => ({
  id,
  phone_number: `98765432${10 + id}`,
  role,
  is_you,
  since: '2026-12-03T10:00:00.000Z',
});

/** The page under a router (its forms read the route's action data), as the server renders it. */
function show(rendered: RenderedAgency, outcome?: AgencyOutcome) {
  const Stub = createRoutesStub([
    { id: 'agency', path: '/agency', Component: () => <AgencyPage rendered={rendered} /> },
  ]);
  render(
    <Stub
      initialEntries={['/agency']}
      hydrationData={outcome ? { actionData: { agency: outcome } } : undefined}
    />,
  );
}

const form = (name: string) => screen.queryByRole('form', { name });

afterEach(cleanup);

describe('/agency by role (decision 092)', () => {
  it('offers someone of no agency the form to create one, nothing else', () => {
    show({ agency: null, members: null, clients: null });
    expect(form('Create an agency')).not.toBeNull();
    expect(form('Add a member')).toBeNull();
  });

  it('an admin manages the team and the clients; a planner only the clients; an approver neither', () => {
    show({ agency: agencyOf('admin'), members: [member(1, 'admin', true)], clients: [] });
    expect(form('Add a member')).not.toBeNull();
    expect(form('Add a client')).not.toBeNull();
    cleanup();

    show({ agency: agencyOf('planner'), members: null, clients: [] });
    expect(form('Add a member')).toBeNull();
    expect(screen.getByText("The agency's admins manage its team.")).toBeTruthy();
    expect(form('Add a client')).not.toBeNull();
    cleanup();

    show({ agency: agencyOf('approver'), members: null, clients: null });
    expect(form('Add a member')).toBeNull();
    expect(form('Add a client')).toBeNull();
    expect(screen.getByText(/As an approver you sign off plans/)).toBeTruthy();
  });

  it("shows the API's refusal at the member it concerns, and field messages at their fields", () => {
    const rendered = {
      agency: agencyOf('admin'),
      members: [member(1, 'admin', true), member(2, 'planner')],
      clients: [],
    };
    show(rendered, {
      form: 'remove_member:1',
      ok: false,
      message: 'The last admin cannot be removed; add another admin first.',
      id: 'a',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The last admin cannot be removed');
    expect(form('Remove 9876543211')?.closest('li')?.contains(alert)).toBe(true);
    expect(form('Remove 9876543212')?.closest('li')?.contains(alert)).toBe(false);
    cleanup();

    show(rendered, {
      form: 'add_client',
      ok: false,
      message: 'Please correct the highlighted fields.',
      fields: { gstin: 'GSTIN has a wrong check digit (a typing mistake?)' },
      values: { name: 'Acme Foods', gstin: '27AAPFU0939F1ZX' },
      id: 'b',
    });
    const gstin = screen.getByRole('textbox', { name: 'GSTIN (optional)' }) as HTMLInputElement;
    expect(gstin.value).toBe('27AAPFU0939F1ZX');
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('GSTIN has a wrong check digit (a typing mistake?)')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Client name/ }) as HTMLInputElement).value).toBe(
      'Acme Foods',
    );
  });

  it("shows each client's approval rule, monthly limit and this month's spend; its settings form holds them", () => {
    const client = {
      id: 4,
      name: 'Acme Foods',
      gstin: null,
      address_line_1: '1 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
      bill_to: 'client' as const,
      approval_required: true,
      monthly_limit_paise: 50_000_000,
      spent_this_month_paise: 12_000_000,
    };
    show({ agency: agencyOf('planner'), members: null, clients: [client] });
    expect(screen.getByTestId('client-4-rules').textContent).toBe(
      "Bookings need the client's approval · monthly limit ₹5,00,000.00 before GST · ₹1,20,000.00 spent this month, ₹3,80,000.00 left",
    );
    const settings = form('Settings of Acme Foods') as HTMLFormElement;
    const limit = settings.querySelector('input[name="monthly_limit"]') as HTMLInputElement;
    expect(limit.value).toBe('500000');
    expect((settings.querySelector('input[name="approval_required"]') as HTMLInputElement).checked).toBe(
      true,
    );
    cleanup();

    // Saved: the form drawn anew holds the saved settings.
    show(
      { agency: agencyOf('planner'), members: null, clients: [client] },
      { form: 'edit_client:4', ok: true, message: 'Client settings saved.', id: 'c' },
    );
    const again = form('Settings of Acme Foods') as HTMLFormElement;
    expect((again.querySelector('input[name="approval_required"]') as HTMLInputElement).checked).toBe(true);
  });
});
