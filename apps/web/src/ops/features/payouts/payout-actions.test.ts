import type { PayoutRow } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { actionsFor, actionText } from './payout-actions';

const row = (over: Partial<PayoutRow>): PayoutRow =>
  ({
    id: 1,
    site_name: 'FC Road Gantry',
    media_owner_name: 'Rao Outdoor',
    amount: 8925,
    state: 'held',
    hold_reason: 'not_started',
    first_day: '2026-12-20',
    ...over,
  }) as PayoutRow;

describe('the operator’s payout decisions', () => {
  it('warns before releasing a payout whose booking has not started, not once it has', () => {
    const early = actionText('release', row({}), '2026-12-02');
    expect(early.warning).toMatch(/^This booking starts on 20 Dec 2026: releasing now pays Rao Outdoor/);
    expect(actionText('release', row({ first_day: '2026-12-02' }), '2026-12-02').warning).toBeUndefined();
    expect(actionText('hold', row({}), '2026-12-02').warning).toBeUndefined();
  });

  it('offers no release of a suspended owner’s payout (the API refuses it until reinstatement)', () => {
    expect(actionsFor(row({ hold_reason: 'owner_suspended' }))).toEqual(['hold']);
    expect(actionsFor(row({ hold_reason: 'awaiting_proof' }))).toEqual(['release', 'hold']);
  });
});
