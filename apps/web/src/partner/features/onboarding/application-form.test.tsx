import { gstinCheckCharacter } from '@ooh/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ApplicationForm } from './application-form';

afterEach(cleanup);

const first14 = '27AAPFU0939F1Z';
const valid: Record<string, string> = {
  'Company name': 'Rao Outdoor Pvt Ltd',
  GSTIN: (first14 + gstinCheckCharacter(first14)).toLowerCase(),
  PAN: 'aapfu0939f',
  'Address line 1': '12 MG Road',
  City: 'Pune',
  State: 'Maharashtra',
  'PIN code': '411001',
  'Contact name': 'Asha Rao',
  'Mobile number': '9876500000',
  Email: 'asha@example.com',
  IFSC: 'hdfc0001234',
  'Account number': '123456789012',
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its whole label (MUI appends " *" to required ones). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegex(label)}[\\s\u2009*]*$`), { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) type(label, value);
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /send application/i }));

describe('ApplicationForm', { timeout: 60_000 }, () => {
  it('an empty form names every required field and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<ApplicationForm onSubmit={onSubmit} />);
    submit();
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    for (const message of ['City is required', 'Contact name is required', 'Account number is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a GSTIN with a wrong check digit and a PAN not inside it get their own messages', async () => {
    const onSubmit = vi.fn();
    render(<ApplicationForm onSubmit={onSubmit} />);
    const wrong = gstinCheckCharacter(first14) === 'A' ? 'B' : 'A';
    fill({ ...valid, GSTIN: first14 + wrong, PAN: 'AAPFU0940F' });
    submit();
    expect(await screen.findByText(/GSTIN.*check digit/i)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('GSTIN', valid.GSTIN);
    submit();
    expect(await screen.findByText('PAN must be the one inside the GSTIN')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed body once (codes upper-cased), with the button off while sending', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ApplicationForm onSubmit={onSubmit} defaultPhone="9876500000" />);
    fill(valid);
    submit();
    const sending = await screen.findByRole('button', { name: /sending/i });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(sending);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({
        gstin: first14 + gstinCheckCharacter(first14),
        pan: 'AAPFU0939F',
        ifsc: 'HDFC0001234',
      }),
    ]);
    await act(async () => finish());
    await waitFor(() => expect(screen.getByRole('button', { name: /send application/i })).toBeTruthy());
  });

  it("puts the server's field messages on their fields and says so above the button", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'validation_error', 'Invalid input', {
        gstin: 'GSTIN is already registered',
        other: 'x',
      });
    });
    render(<ApplicationForm onSubmit={onSubmit} />);
    fill(valid);
    submit();
    expect(await screen.findByText('GSTIN is already registered')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/correct the marked fields/);
    expect(field('GSTIN').getAttribute('aria-invalid')).toBe('true');
  });

  it('a conflict without fields shows its message', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'conflict', 'You have already applied; see the status of your application.');
    });
    render(<ApplicationForm onSubmit={onSubmit} />);
    fill(valid);
    submit();
    expect(await screen.findByText(/already applied/)).toBeTruthy();
  });
});
