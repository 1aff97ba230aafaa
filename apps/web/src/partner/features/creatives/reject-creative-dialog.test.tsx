import type { PartnerCreativeLine } from '@ooh/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RejectCreativeDialog } from './reject-creative-dialog';

afterEach(cleanup);

const LINE = {
  line_id: 4,
  order_id: 31,
  site: { id: 7, name: 'Marine Drive Gantry', city: 'Mumbai', width_ft: 40, height_ft: 20 },
} as unknown as PartnerCreativeLine;

const renderDialog = (props: Partial<Parameters<typeof RejectCreativeDialog>[0]> = {}) => {
  const onReject = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <RejectCreativeDialog
      line={LINE}
      busy={false}
      serverError={null}
      onCancel={onCancel}
      onReject={onReject}
      {...props}
    />,
  );
  return { onReject, onCancel, view, dialog: screen.getByRole('dialog', { name: 'Reject the artwork' }) };
};

describe('RejectCreativeDialog', { timeout: 30_000 }, () => {
  it("names the line and checks the reason with the API's schema before sending a trimmed one", async () => {
    const { onReject, dialog } = renderDialog();
    expect(within(dialog).getByText(/Marine Drive Gantry, order #31/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: '  Use the 2:1 layout ' } });
    expect(await within(dialog).findByText('21 / 500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledWith('Use the 2:1 layout'));
  });

  it("shows the API's refusal, and while the request is out it cannot be closed or sent again", () => {
    const { onCancel, dialog } = renderDialog({
      busy: true,
      serverError: 'This artwork was already reviewed.',
    });
    expect(within(dialog).getByText('This artwork was already reviewed.')).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('opened for another line, starts empty', () => {
    const { view, dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Blurry' },
    });
    view.rerender(
      <RejectCreativeDialog
        line={{ ...LINE, line_id: 5 } as PartnerCreativeLine}
        busy={false}
        serverError={null}
        onCancel={vi.fn()}
        onReject={vi.fn()}
      />,
    );
    const reason = screen.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;
    expect(reason.value).toBe('');
  });
});
