import type { CancelOrderResponse } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { refundSentence } from './cancel-order-dialog';

const quote = (lines: Array<{ refund: number; label: string }>, total: number): CancelOrderResponse => ({
  order_id: 1,
  confirmed: false,
  total,
  refund: null,
  lines: lines.map((l, i) => ({
    line_id: i + 1,
    from_date: '2026-12-20',
    days_before_start: 10,
    percent: 50,
    value: l.refund * 2,
    ...l,
  })),
});

describe('refundSentence', () => {
  it('says what comes back and why, before the buyer confirms', () => {
    expect(refundSentence(quote([{ refund: 5250, label: '50 %: 10 days before the start' }], 5250))).toMatch(
      /^You will get ₹5,250(\.00)? back \(50 %: 10 days before the start\)\.$/,
    );
  });

  it('names every tier of a mixed cancel, and says plainly when nothing comes back', () => {
    const mixed = quote(
      [
        { refund: 100, label: '100 %: 20 days before the start' },
        { refund: 50, label: '50 %: 8 days before the start' },
      ],
      150,
    );
    expect(refundSentence(mixed)).toContain('100 %: 20 days before the start; 50 %: 8 days before the start');
    const none = quote([{ refund: 0, label: '0 %: 3 days before the start' }], 0);
    none.lines[0].percent = 0;
    expect(refundSentence(none)).toBe('You will get nothing back: the booking starts in fewer than 7 days.');
  });
});
