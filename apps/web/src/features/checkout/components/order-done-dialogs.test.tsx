import { type CheckoutResponse, COMPANY_DEFAULTS, type Order } from '@ooh/shared';
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

// ₹31,500 + 18 % GST: what checkout answered for cash, in paise.
const payment: CheckoutResponse = {
  order_id: 57,
  amount: 37_170_00,
  currency: 'INR',
  razor_pay_order_id: null,
  key_id: null,
  provider: 'cash',
  expires_at: '2026-11-24T10:00:00.000Z',
  checkout_url: null,
};

afterEach(cleanup);

describe('the cash order dialog', () => {
  it('states the real deadline (date and time, IST) and how to pay', () => {
    render(
      <MemoryRouter>
        <CashOrderDialog order={order} payment={payment} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Order placed - payment pending' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Your sites are reserved until Tue, 24 Nov 2026, 15:30 IST.');
    // The total with GST, never the amount before GST (issue 19), and where to send it.
    expect(text).toContain('Amount to pay: ₹37,170.00 (GST included)');
    expect(text).not.toContain('31,500');
    expect(text).toContain(`our office at ${COMPANY.address}`);
    expect(text).toContain(`account ${COMPANY_DEFAULTS.bank.account}, IFSC ${COMPANY_DEFAULTS.bank.ifsc}`);
    expect(text).toContain('Quote order 57');
    expect(text).toMatch(/unpaid by then, the reservation ends/);
  });

  it('is closed without an order', () => {
    render(
      <MemoryRouter>
        <CashOrderDialog order={null} payment={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
