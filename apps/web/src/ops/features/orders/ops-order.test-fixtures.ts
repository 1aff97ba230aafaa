import type { OpsOrderDetail } from '@ooh/shared';

/** A line of the order as the ops order page gets it. */
export const opsLine = (id: number, status: string) => ({
  id,
  site: { id, code: `S-${id}`, name: `Truth Road ${id}`, city: 'Mumbai', media_owner: null },
  campaign_name: `Truth Road ${id}`,
  from_date: '2026-12-20',
  to_date: '2026-12-27',
  days: 7,
  price: 10_500,
  status,
  booking_statuses: ['confirmed'],
});

/**
 * A paid order of the refund and cancel-a-line tests: ₹24,780 charged; ₹12,390 processed and ₹1,000
 * failed (still held), ₹500 abandoned (let go): ₹11,390 left. One line scheduled, one posted.
 */
export const OPS_ORDER = {
  id: 9,
  status: 'partially_refunded',
  payment_method: 'razorpay',
  total: 24_780,
  refunded: 12_390,
  net: 12_390,
  paid_at: '2026-11-22T06:30:00.000Z',
  items: [opsLine(1, 'scheduled'), opsLine(2, 'posted')],
  refunds: [
    { id: 1, amount: 12_390, status: 'processed' },
    { id: 2, amount: 1_000, status: 'failed' },
    { id: 3, amount: 500, status: 'abandoned' },
  ],
} as unknown as OpsOrderDetail;
