import { describe, expect, it } from 'vitest';
import { breachReportDue, nextBreachStep } from './breach-rules.ts';

describe('the breach register rules (DPDP Rules 2025 rule 7)', () => {
  it('puts the detailed report 72 hours after the breach became known', () => {
    expect(breachReportDue(new Date('2026-12-01T18:45:00Z')).toISOString()).toBe('2026-12-04T18:45:00.000Z');
  });

  it('asks for the Board, then the people, then the report, then closing', () => {
    const at = new Date('2026-12-02T00:00:00Z');
    const none = { boardToldAt: null, peopleToldAt: null, reportSentAt: null, closedAt: null };
    expect(nextBreachStep(none)).toBe('tell_board');
    expect(nextBreachStep({ ...none, boardToldAt: at })).toBe('tell_people');
    expect(nextBreachStep({ ...none, boardToldAt: at, peopleToldAt: at })).toBe('send_report');
    expect(nextBreachStep({ boardToldAt: at, peopleToldAt: at, reportSentAt: at, closedAt: null })).toBe(
      'close',
    );
    expect(nextBreachStep({ ...none, closedAt: at })).toBe('done');
  });
});
