import { describe, expect, it } from 'vitest';
import { linePayoutWords } from './order-format';

describe('linePayoutWords: what the buyer reads of a line payout', () => {
  const line = {
    status: 'creative_approved' as const,
    from_date: '2026-12-10',
    payout_state: 'held' as const,
  };

  it('says "Waiting for proof" only from the line\'s first day', () => {
    expect(linePayoutWords(line, '2026-11-20')).toBeNull();
    expect(linePayoutWords(line, '2026-12-09')).toBeNull();
    expect(linePayoutWords(line, '2026-12-10')).toBe('Waiting for proof');
  });

  it('waits for no proof on a cancelled line, says its reversal, and nothing where the line has no payout', () => {
    expect(linePayoutWords({ ...line, status: 'cancelled' }, '2026-12-12')).toBeNull();
    expect(linePayoutWords({ ...line, status: 'cancelled', payout_state: 'reversed' }, '2026-12-12')).toBe(
      'Refunded: the owner is not paid for this',
    );
    expect(linePayoutWords({ ...line, payout_state: undefined }, '2026-12-12')).toBeNull();
  });

  it('tells a paid or refunded line whatever the date', () => {
    expect(linePayoutWords({ ...line, payout_state: 'released' }, '2026-12-12')).toBe(
      'Owner paid after proof verified',
    );
    expect(linePayoutWords({ ...line, payout_state: 'reversed' }, '2026-11-20')).toBe(
      'Refunded: the owner is not paid for this',
    );
  });
});
