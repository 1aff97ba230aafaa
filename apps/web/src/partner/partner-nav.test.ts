import { describe, expect, it } from 'vitest';
import { activeNavIndex, navFor } from './partner-layout';

describe('the console navigation by role', { timeout: 30_000 }, () => {
  it('shows Statements and Payouts to admins and managers, never to field members', () => {
    expect(navFor('admin').map((n) => n.label)).toContain('Payouts');
    expect(navFor('manager').map((n) => n.label)).toEqual(navFor('admin').map((n) => n.label));
    const field = navFor('field').map((n) => n.label);
    expect(field).not.toContain('Payouts');
    expect(field).not.toContain('Statements');
    expect(field).toContain('Proofs');
  });

  it('marks Payouts as the current section on its page, and Overview where the role has no such tab', () => {
    const nav = navFor('admin');
    expect(nav[activeNavIndex('/partner/payouts', nav)].label).toBe('Payouts');
    expect(activeNavIndex('/partner/payouts', navFor('field'))).toBe(0);
  });
});
