import type { OpsOrderDetail } from '@ooh/shared';

/** A line of the order as the ops order page gets it. */
export const opsLine = (id: number, status: string, left = 0) => ({
  id,
  site: { id, code: `S-${id}`, name: `Truth Road ${id}`, city: 'Mumbai', media_owner: null },
  campaign_name: `Truth Road ${id}`,
  from_date: '2026-12-20',
  to_date: '2026-12-27',
  days: 7,
  price: 10_500,
  status,
  booking_statuses: ['confirmed'],
  paid: 12_390,
  refunded: 12_390 - left,
  left,
});

/**
 * A paid order of the refund and cancel-a-line tests: ₹24,780 charged; ₹12,390 processed and ₹1,000
 * failed (still held), ₹500 abandoned (let go): ₹11,390 left, all on the scheduled line (the posted one
 * was refunded in full).
 */
export const OPS_ORDER = {
  id: 9,
  status: 'partially_refunded',
  payment_method: 'razorpay',
  total: 24_780,
  refunded: 12_390,
  net: 12_390,
  paid_at: '2026-11-22T06:30:00.000Z',
  refundable: 11_390,
  items: [opsLine(1, 'scheduled', 11_390), opsLine(2, 'posted')],
  refunds: [
    { id: 1, amount: 12_390, status: 'processed' },
    { id: 2, amount: 1_000, status: 'failed' },
    { id: 3, amount: 500, status: 'abandoned' },
  ],
} as unknown as OpsOrderDetail;
