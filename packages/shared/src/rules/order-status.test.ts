import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  paidOrderStatus,
} from './order-status.ts';

describe('order transitions', () => {
  it('an unpaid order is paid, expires, is cancelled or fails; it may switch payment method', () => {
    for (const from of ['pending_payment', 'awaiting_payment'] as const)
      for (const to of ['paid', 'expired', 'cancelled', 'failed'] as const)
        expect(canMoveOrder(from, to)).toBe(true);
    expect(canMoveOrder('pending_payment', 'awaiting_payment')).toBe(true);
    expect(canMoveOrder('awaiting_payment', 'pending_payment')).toBe(true);
  });

  it('a paid order is refunded in part, in full, or cancelled; never unpaid again', () => {
    expect(canMoveOrder('paid', 'partially_refunded')).toBe(true);
    expect(canMoveOrder('paid', 'refunded')).toBe(true);
    expect(canMoveOrder('partially_refunded', 'refunded')).toBe(true);
    expect(canMoveOrder('paid', 'cancelled')).toBe(true);
    for (const from of ['paid', 'partially_refunded', 'refunded'] as const)
      for (const to of ['pending_payment', 'awaiting_payment', 'expired', 'failed'] as const)
        expect(canMoveOrder(from, to)).toBe(false);
  });

  it('a late payment pays a closed unpaid order while its dates are free, else fails it; failed is final', () => {
    expect(canMoveOrder('expired', 'failed')).toBe(true);
    expect(canMoveOrder('cancelled', 'failed')).toBe(true);
    expect(canMoveOrder('expired', 'paid')).toBe(true);
    expect(canMoveOrder('expired', 'pending_payment')).toBe(false);
    for (const to of ORDER_STATUSES) expect(canMoveOrder('failed', to)).toBe(false);
  });

  it('never refunds back to paid, and names only known statuses', () => {
    expect(canMoveOrder('refunded', 'partially_refunded')).toBe(false);
    expect(canMoveOrder('partially_refunded', 'paid')).toBe(false);
    for (const [from, targets] of Object.entries(ORDER_TRANSITIONS)) {
      expect(ORDER_STATUSES).toContain(from as OrderStatus);
      for (const t of targets) expect(ORDER_STATUSES).toContain(t);
    }
  });
});

describe("a paid order's status from its ledger", () => {
  const base = { chargedPaise: 10_000_00, lines: 2, cancelledLines: 0 };
  it('counts only processed refunds', () => {
    expect(paidOrderStatus({ ...base, processedRefundsPaise: 0 })).toBe('paid');
    expect(paidOrderStatus({ ...base, processedRefundsPaise: 1 })).toBe('partially_refunded');
    expect(paidOrderStatus({ ...base, processedRefundsPaise: 10_000_00 })).toBe('refunded');
  });
  it('is cancelled once every line is', () => {
    expect(paidOrderStatus({ ...base, cancelledLines: 2, processedRefundsPaise: 5_000_00 })).toBe(
      'cancelled',
    );
    expect(paidOrderStatus({ ...base, cancelledLines: 1, processedRefundsPaise: 5_000_00 })).toBe(
      'partially_refunded',
    );
  });
});
