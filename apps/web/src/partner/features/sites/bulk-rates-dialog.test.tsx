import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { BulkRatesDialog } from './bulk-rates-dialog';

afterEach(cleanup);

function renderDialog(onApply = vi.fn(async () => ({ updated: 2 }))) {
  const onApplied = vi.fn();
  const onClose = vi.fn();
  render(
    <BulkRatesDialog open siteIds={[11, 12]} onApply={onApply} onClose={onClose} onApplied={onApplied} />,
  );
  return { onApply, onApplied, onClose };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply rates' }));

describe('BulkRatesDialog', { timeout: 60_000 }, () => {
  it('asks for something to change when every field is blank, and sends nothing', async () => {
    const { onApply } = renderDialog();
    apply();
    expect(
      await screen.findByText(/Give a weekly rate, a four-weekly rate or a minimum booking/),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("gives each field the site form's own message", async () => {
    const { onApply } = renderDialog();
    type(/^Weekly rate/, '0');
    type(/^Four-weekly rate/, 'abc');
    type(/^Minimum booking/, '2.5');
    apply();
    expect(await screen.findByText('Weekly rate must be more than 0')).toBeTruthy();
    expect(screen.getByText('Four-weekly rate must be a number')).toBeTruthy();
    expect(screen.getByText('Minimum booking is a whole number of days')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a four-weekly rate above the weekly rate typed beside it', async () => {
    const { onApply } = renderDialog();
    type(/^Weekly rate/, '900');
    type(/^Four-weekly rate/, '950');
    apply();
    expect(
      await screen.findByText('The four-weekly rate is per day and at most the weekly rate (₹900.00).'),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('sends only the fields given, a removed rate as null, and reports the count', async () => {
    const { onApply, onApplied, onClose } = renderDialog();
    type(/^Weekly rate/, '1,200');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remove the four-weekly rate' }));
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]).toEqual([
      { action: 'rates', site_ids: [11, 12], weekly_price: 1200, four_weekly_price: null },
    ]);
    await waitFor(() => expect(onApplied).toHaveBeenCalledWith('Rate card changed: 2 of 2 changed.'));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal on the field, naming the site", async () => {
    const message = 'HYD-0042: The weekly rate is per day and at most the daily price (₹1,000.00).';
    const { onApplied } = renderDialog(
      vi.fn(async () => {
        throw new ApiError(400, 'validation_error', message, { weekly_price: message });
      }),
    );
    type(/^Weekly rate/, '1200');
    apply();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Nothing was changed: one site does not take these rates.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Weekly rate/ }).getAttribute('aria-invalid')).toBe('true');
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('lists each site a conflict names', async () => {
    renderDialog(
      vi.fn(async () => {
        throw new ApiError(409, 'conflict', '1 of the selected sites cannot be changed', {
          'site_ids.1': 'HYD-0043: it is taken down',
        });
      }),
    );
    type(/^Minimum booking/, '7');
    apply();
    const list = await screen.findByRole('list', { name: 'Sites not changed' });
    expect(list.textContent).toContain('HYD-0043: it is taken down');
    expect(screen.getByText('1 of the selected sites cannot be changed, so none was:')).toBeTruthy();
  });
});
