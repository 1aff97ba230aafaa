import type { OpsMediaOwner } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditOwnerDialog } from './edit-owner-dialog';

const OWNER: OpsMediaOwner = {
  id: 41,
  company_name: 'Rao Outdoor Pvt Ltd',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address_line_1: '12 MG Road',
  address_line_2: null,
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411004',
  contact_name: 'Asha Rao',
  contact_phone: '9800000001',
  contact_email: 'asha@example.com',
  ifsc: 'HDFC0000001',
  bank_account_masked: 'XXXX1234',
  status: 'approved',
  rejection_reason: null,
  suspension_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  duplicates: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: OWNER }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderDialog = (onSaved = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EditOwnerDialog owner={OWNER} open onClose={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
};

describe('EditOwnerDialog', () => {
  it('sends only the changed fields with PATCH', async () => {
    const onSaved = renderDialog();
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Pimpri' } });
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ops/media-owners/41');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ city: 'Pimpri' });
  });

  it('refuses a bad email with the shared message and sends nothing', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a new account number with the IFSC beside it (bank details change together)', async () => {
    const onSaved = renderDialog();
    fireEvent.change(screen.getByLabelText('New account number'), { target: { value: '99988877766' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ ifsc: 'HDFC0000001', account_number: '99988877766' });
  });

  it('refuses a bad account number and sends nothing', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('New account number'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the 9-18 digit account number')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
