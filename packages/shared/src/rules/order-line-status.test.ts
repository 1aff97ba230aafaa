import { describe, expect, it } from 'vitest';
import { canMoveLine, ORDER_LINE_STATUSES, ORDER_LINE_TRANSITIONS } from './order-line-status.ts';

describe('order line transitions', () => {
  it('lets a rejected creative be uploaded again and an approved line be posted', () => {
    expect(canMoveLine('creative_rejected', 'creative_submitted')).toBe(true);
    expect(canMoveLine('creative_approved', 'posted')).toBe(true);
  });

  it('never reopens a completed or cancelled line', () => {
    for (const to of ORDER_LINE_STATUSES) {
      expect(canMoveLine('completed', to)).toBe(false);
      expect(canMoveLine('cancelled', to)).toBe(false);
    }
  });

  it('does not post a proof before the creative is approved, nor cancel a posted line', () => {
    expect(canMoveLine('scheduled', 'posted')).toBe(false);
    expect(canMoveLine('creative_rejected', 'posted')).toBe(false);
    expect(canMoveLine('posted', 'cancelled')).toBe(false);
  });

  it('names only known statuses', () => {
    for (const targets of Object.values(ORDER_LINE_TRANSITIONS))
      for (const t of targets) expect(ORDER_LINE_STATUSES).toContain(t);
  });
});

describe('held lines (before payment)', () => {
  it('become scheduled when the order is paid, or cancelled when it is not', () => {
    expect(ORDER_LINE_TRANSITIONS.held).toEqual(['scheduled', 'cancelled']);
  });

  it('never skip payment: no paid state follows held directly but scheduled', () => {
    for (const to of ['creative_submitted', 'creative_approved', 'posted', 'completed'] as const)
      expect(canMoveLine('held', to)).toBe(false);
  });

  it('nothing goes back to held', () => {
    for (const from of ORDER_LINE_STATUSES) expect(canMoveLine(from, 'held')).toBe(false);
  });
});
