import type { PayoutRow } from '@ooh/shared';

/** A held payout of one line (7 days of FC Road Gantry, ₹9,450 to the owner), for the payout screens' tests. */
export const payoutRow = (over: Partial<PayoutRow> = {}): PayoutRow => ({
  id: 1,
  order_id: 501,
  line_id: 9001,
  media_owner_id: 3,
  media_owner_name: 'Rao Outdoor',
  site_id: 77,
  site_code: 'PN-HO-0077',
  site_name: 'FC Road Gantry',
  first_day: '2026-12-01',
  last_day: '2026-12-07',
  state: 'held',
  share: 9450,
  reversed: 0,
  amount: 9450,
  recovered: 0,
  hold_reason: 'awaiting_proof',
  reason: null,
  flagged: false,
  transfer_id: null,
  utr: null,
  released_at: null,
  created_at: '2026-11-20T05:00:00.000Z',
  provider_note: null,
  ...over,
});
