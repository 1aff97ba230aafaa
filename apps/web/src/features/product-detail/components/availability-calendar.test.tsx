import { calendarDays } from '@ooh/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AvailabilityCalendar } from './availability-calendar';

// Today 2 Dec 2026: the earliest start is 9 Dec.
const days = calendarDays({ from: '2026-12-02', to: '2027-02-02' }, [
  { from: '2026-12-10', to: '2026-12-20', state: 'booked' },
  { from: '2026-12-20', to: '2026-12-22', state: 'held' },
  { from: '2027-01-05', to: '2027-01-06', state: 'blocked' },
]);

describe('AvailabilityCalendar', () => {
  afterEach(cleanup);

  it('names each month, how many of its days are free, and each day with its state in words', () => {
    render(<AvailabilityCalendar days={days} bookingDuration={7} today="2026-12-02" />);
    const december = screen.getByRole('region', { name: 'December 2026' });
    expect(within(december).getByText('18 of 30 days free')).toBeTruthy();
    expect(within(december).getByText('10 Dec 2026: Booked')).toBeTruthy();
    expect(within(december).getByText('21 Dec 2026: On hold')).toBeTruthy();
    expect(within(december).getByText('2 Dec 2026: Free, too soon to start')).toBeTruthy();
    expect(within(december).getByText('9 Dec 2026: Free')).toBeTruthy();
    const january = screen.getByRole('region', { name: 'January 2027' });
    expect(within(january).getByText('5 Jan 2027: Blocked by owner')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'February 2027' })).toBeTruthy();
    // The legend names every state in words.
    const legend = screen.getByRole('list', { name: 'Legend' });
    for (const word of ['Free', 'On hold', 'Booked', 'Blocked by owner']) {
      expect(within(legend).getByText(word)).toBeTruthy();
    }
  });

  it('says when the site is first free for its minimum booking, from the earliest start', () => {
    render(<AvailabilityCalendar days={days} bookingDuration={14} today="2026-12-02" />);
    // 9 Dec is free but the booking from the 10th cuts it short; the 22nd is the first start with 14 free days.
    expect(screen.getByTestId('next-free').textContent).toBe(
      'First free for the minimum booking (14 days): 22 Dec 2026 - 4 Jan 2027',
    );
    cleanup();
    render(<AvailabilityCalendar days={days} bookingDuration={60} today="2026-12-02" />);
    expect(screen.getByTestId('next-free').textContent).toBe(
      'No 60 free days in a row in the next 12 months.',
    );
  });
});
