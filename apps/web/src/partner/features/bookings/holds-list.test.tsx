import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HoldsList } from './holds-list';

const hold = {
  id: 4,
  site_id: 7,
  site_code: 'MUM-0007',
  site_name: 'Worli Sea Face Gantry',
  from_date: '2027-01-04',
  to_date: '2027-01-11',
  days: 7,
  expires_at: '2026-11-25T06:30:00.000Z',
  requested: false,
};

afterEach(cleanup);

describe('HoldsList (decision 084)', () => {
  it('lists each hold with its site, dates and end, and says when another buyer asked', () => {
    render(<HoldsList holds={[hold, { ...hold, id: 5, site_name: 'Bandra Link', requested: true }]} />);
    expect(screen.getByRole('heading', { name: 'On hold, not paid (2)' })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('partner-hold');
    expect(first.textContent).toContain('Worli Sea Face Gantry');
    expect(first.textContent).toContain('7 days');
    expect(within(first).getByText('On hold until 25 Nov 2026, 12:00 pm IST')).toBeTruthy();
    expect(within(first).queryByText('Another buyer asked')).toBeNull();
    expect(within(second).getByText('Another buyer asked')).toBeTruthy();
  });

  it('shows nothing without holds', () => {
    const { container } = render(<HoldsList holds={[]} />);
    expect(container.textContent).toBe('');
  });
});
