import type { PayoutRecovery } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { payoutRow } from './payout-row.test-helpers';
import {
  buyerPayoutWords,
  HOLD_REASON_WORDS,
  payoutBrief,
  payoutDates,
  payoutDetail,
  payoutFiltersFrom,
  payoutLines,
  payoutsQuery,
  recentMonths,
} from './payout-words';

const row = payoutRow;

describe('payout words', () => {
  it('says why a held payout is held, for every hold reason, and marks a flagged one', () => {
    for (const reason of Object.keys(HOLD_REASON_WORDS) as Array<keyof typeof HOLD_REASON_WORDS>) {
      expect(payoutDetail(row({ hold_reason: reason }))).toBe(HOLD_REASON_WORDS[reason]);
    }
    expect(payoutDetail(row({ hold_reason: 'proof_unverified' }))).toMatch(/our team is checking it/);
    expect(payoutDetail(row({ flagged: true }))).toBe(
      'Waiting for your proof photo · No accepted proof 48 hours after the start',
    );
    // The operator's ledger says the same facts to the one who decides.
    expect(payoutDetail(row({ hold_reason: 'proof_unverified' }), 'operator')).toBe(
      'Proof unverified: waiting on an operator’s decision',
    );
    expect(payoutDetail(row({ hold_reason: 'operator_hold', reason: 'Photo looks old' }))).toBe(
      'Held by our team · Note: Photo looks old',
    );
  });

  it('says when and by which transfer a payout was released, in India time, UTR when known', () => {
    const released = row({
      state: 'released',
      hold_reason: null,
      released_at: '2026-12-02T20:00:00.000Z', // 3 Dec in India
      transfer_id: 'trf_A1b2C3',
    });
    expect(payoutDetail(released)).toBe('Released on 3 Dec 2026 · Transfer trf_A1b2C3');
    expect(payoutDetail({ ...released, utr: 'HDFC000123' })).toBe(
      'Released on 3 Dec 2026 · Transfer trf_A1b2C3 · UTR HDFC000123',
    );
  });

  it('tells a reversal in full from one in part, with the amounts in rupees', () => {
    expect(payoutDetail(row({ state: 'reversed', hold_reason: null, reversed: 9450, amount: 0 }))).toBe(
      'Reversed in full (booking refunded before release)',
    );
    expect(payoutDetail(row({ state: 'reversed', hold_reason: null, reversed: 4050, amount: 5400 }))).toBe(
      'Reversed in part: ₹4,050.00 of ₹9,450.00',
    );
    expect(payoutDetail(row({ reversed: 1350, amount: 8100 }))).toBe(
      'Waiting for your proof photo · ₹1,350.00 reversed for a refund',
    );
  });

  it('shows the line days first to last (the payout carries the last day itself)', () => {
    expect(payoutDates(row())).toBe('1 Dec 2026 - 7 Dec 2026');
    expect(payoutDates(row({ first_day: '2026-12-01', last_day: '2026-12-01' }))).toBe('1 Dec 2026');
  });

  it('briefs a booking’s payout in a chip’s words', () => {
    expect(payoutBrief(row())).toBe('Payout held: awaiting proof');
    expect(payoutBrief(row({ state: 'released', hold_reason: null }))).toBe('Payout released');
    expect(payoutBrief(row({ state: 'reversed', hold_reason: null, amount: 0 }))).toBe('Payout reversed');
    expect(payoutBrief(row({ state: 'reversed', hold_reason: null, amount: 10 }))).toBe(
      'Payout reversed in part',
    );
  });

  it('gives the buyer a status without amounts', () => {
    expect(buyerPayoutWords('released')).toBe('Owner paid after proof verified');
    expect(buyerPayoutWords('held')).toBe('Waiting for proof');
    expect(buyerPayoutWords('reversed')).toBe('Refunded: the owner is not paid for this');
  });
});

describe('payout lines and filters', () => {
  it('lists recoveries as their own lines among the payouts, newest first', () => {
    const older = row({ id: 1, created_at: '2026-10-01T00:00:00.000Z' });
    const newer = row({ id: 2, created_at: '2026-11-01T00:00:00.000Z' });
    const recovery: PayoutRecovery = {
      id: 7,
      payout_id: 1,
      order_id: 501,
      line_id: 9001,
      amount: 1200,
      month: '2026-11',
      created_at: '2026-11-15T00:00:00.000Z',
    };
    const lines = payoutLines([older, newer], [recovery]);
    expect(lines.map((l) => l.key)).toEqual(['r7', 'p2', 'p1']);
    expect(lines[0]).toMatchObject({ kind: 'recovery', of: { id: 1 } });
  });

  it('reads the filters from the address, dropping what the API would refuse', () => {
    const f = payoutFiltersFrom(new URLSearchParams('state=released&month=2026-11&flagged=true&owner=12'));
    expect(f).toEqual({
      state: 'released',
      month: '2026-11',
      flagged: true,
      mediaOwnerId: 12,
      awaitingDecision: false,
    });
    expect(payoutsQuery(f)).toEqual({
      state: 'released',
      month: '2026-11',
      flagged: 'true',
      media_owner_id: 12,
    });
    const bad = payoutFiltersFrom(new URLSearchParams('state=paid&month=2026-13&owner=-1&view=awaiting'));
    expect(payoutsQuery(bad)).toEqual({ awaiting_decision: 'true' });
    expect(payoutsQuery(payoutFiltersFrom(new URLSearchParams()))).toEqual({});
  });

  it('offers the last twelve months, across the year end', () => {
    const months = recentMonths('2027-02');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2027-02', '2027-01', '2026-12']);
    expect(months[11]).toBe('2026-03');
  });
});
