import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedKeys } from '../features/audit/audit-diff';
import { RejectDialog } from './reject-dialog';

afterEach(cleanup);

// The first render loads MUI and zod cold: slow on a busy machine, so a roomier limit than the default.
describe('RejectDialog', { timeout: 30_000 }, () => {
  const open = (onReject = vi.fn()) => {
    render(
      <RejectDialog open title="Reject Rao Outdoor" pending={false} onClose={vi.fn()} onReject={onReject} />,
    );
    return onReject;
  };

  it('refuses an empty or blank reason with the shared message and sends nothing', async () => {
    const onReject = open();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();
  });

  it('refuses a direction override and sends a trimmed reason', async () => {
    const onReject = open();
    const field = screen.getByLabelText(/Reason/);
    fireEvent.change(field, { target: { value: 'abc\u202Egpj' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/^Reason /)).toBeTruthy();
    fireEvent.change(field, { target: { value: '  GSTIN belongs to another company ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(1));
    expect(onReject.mock.calls[0][0]).toEqual({ reason: 'GSTIN belongs to another company' });
  });
});

describe('changedKeys', () => {
  it('lists the keys whose values differ, nested values compared whole', () => {
    expect(
      changedKeys(
        { status: 'pending', reason: null, same: 1, nested: { a: 1 } },
        { status: 'approved', reason: null, same: 1, nested: { a: 2 }, added: true },
      ),
    ).toEqual(['status', 'nested', 'added']);
    expect(changedKeys(null, null)).toEqual([]);
  });
});
