import type { PublicApproval } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalOutcome } from './approval-action';
import ApprovalPage from './approval-page';

const waiting: PublicApproval = {
  state: 'pending',
  campaign_id: 7,
  proposal_id: null,
  campaign_name: 'Diwali push',
  client_name: 'Acme Foods',
  agency_name: 'Rao Media',
  lines: [
    {
      product_id: 3,
      site_name: 'FC Road Gantry',
      city: 'Pune',
      format: 'Gantry',
      from_date: '2026-12-10',
      to_date: '2026-12-17',
      days: 7,
      price: 14000,
      gst: 2520,
      total: 16520,
    },
  ],
  subtotal: 14000,
  gst: 2520,
  total: 16520,
  created_at: '2026-12-03T10:00:00.000Z',
  expires_at: '2026-12-17T10:00:00.000Z',
  decided_at: null,
  decided_by_name: null,
  comment: null,
};

function show(approval: PublicApproval | null, outcome?: ApprovalOutcome) {
  const Stub = createRoutesStub([
    { id: 'approval', path: '/approvals/:token', Component: () => <ApprovalPage approval={approval} /> },
  ]);
  render(
    <Stub
      initialEntries={['/approvals/abc']}
      hydrationData={outcome ? { actionData: { approval: outcome } } : undefined}
    />,
  );
}

afterEach(cleanup);

describe('/approvals/{token} (decision 092)', () => {
  it('shows who asks, for whom, each line with GST and the totals, and the decision while waiting', () => {
    show(waiting);
    expect(screen.getByRole('heading', { name: 'Diwali push', level: 1 })).toBeTruthy();
    expect(screen.getByText('FC Road Gantry')).toBeTruthy();
    expect(screen.getByText('Pune · Gantry')).toBeTruthy();
    expect(screen.getAllByText('₹16,520.00')).toHaveLength(2);
    expect(screen.getByTestId('approval-state').textContent).toMatch(/^Waiting for your decision/);
    expect(screen.getByRole('button', { name: 'Approve' }).getAttribute('value')).toBe('approve');
    expect(screen.getByRole('button', { name: 'Reject' }).getAttribute('value')).toBe('reject');
  });

  it('a decided link says who decided and their comment, with no form; a refusal shows its message', () => {
    show(
      {
        ...waiting,
        state: 'rejected',
        decided_by_name: 'Meera',
        decided_at: waiting.created_at,
        comment: 'Too dear',
      },
      { ok: false, message: 'This plan was already decided.', id: 'x' },
    );
    const state = screen.getByTestId('approval-state').textContent;
    expect(state).toContain('Rejected by Meera on 3 Dec 2026');
    expect(state).toContain('Comment: Too dear');
    expect(screen.getByRole('alert').textContent).toBe('This plan was already decided.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a withdrawn link says so; an unknown token is not found', () => {
    show({ ...waiting, state: 'revoked' });
    expect(screen.getByTestId('approval-state').textContent).toMatch(/withdrawn/);
    cleanup();
    show(null);
    expect(screen.getByRole('heading', { name: 'Approval link not found' })).toBeTruthy();
  });
});
