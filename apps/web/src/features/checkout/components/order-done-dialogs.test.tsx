import type { Order } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY } from '../../../app/layout/company-details';
import { CashOrderDialog } from './order-done-dialogs';

const order: Order = {
  order_id: 57,
  amount: 31_500,
  status: 'awaiting_payment',
  // 48 hours after placing: 15:30 IST two days on.
  expires_at: '2026-11-24T10:00:00.000Z',
  items: [],
};

afterEach(cleanup);

describe('the cash order dialog', () => {
  it('states the real deadline (date and time, IST) and how to pay', () => {
    render(
      <MemoryRouter>
        <CashOrderDialog order={order} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Order placed - awaiting cash payment' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Your sites are reserved until Tue, 24 Nov 2026, 15:30 IST.');
    expect(text).toContain('Your order 57 for ₹31,500.00 is placed.');
    expect(text).toContain(`our office at ${COMPANY.address}`);
    expect(text).toContain(COMPANY.phone);
    expect(text).toContain('Quote order 57');
    expect(text).toMatch(/unpaid by then, the reservation ends/);
  });

  it('is closed without an order', () => {
    render(
      <MemoryRouter>
        <CashOrderDialog order={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
