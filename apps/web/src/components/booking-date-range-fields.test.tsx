import { bookingPickerRules } from '@ooh/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingDateRange } from './booking-date-range';

const NOW = new Date('2026-11-22T06:30:00Z');
const rules = bookingPickerRules({ unavailableDates: [], bookingDuration: 7, now: NOW });

afterEach(cleanup);

// The page's fields before anyone opens a picker, then the real picker opened by the same click.
describe('BookingDateRange before a picker is opened', { timeout: 30_000 }, () => {
  it('shows the chosen days as the pickers do, the last day for the end, and the summary', () => {
    render(
      <BookingDateRange from="2026-12-20" to="2026-12-27" onChange={vi.fn()} rules={rules} showSummary />,
    );
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('20/12/2026');
    // to_date is exclusive: the booking's last day is the 26th.
    expect((screen.getByLabelText('End Date') as HTMLInputElement).value).toBe('26/12/2026');
    expect(screen.getByText('20 Dec 2026 - 26 Dec 2026 (7 days)')).toBeTruthy();
  });

  it('keeps the end waiting for a start, and names the buttons with their context', () => {
    render(<BookingDateRange from={null} to={null} onChange={vi.fn()} rules={rules} context="for Site A" />);
    const end = screen.getByRole('button', { name: 'Choose end date for Site A' }) as HTMLButtonElement;
    const start = screen.getByRole('button', { name: 'Choose start date for Site A' }) as HTMLButtonElement;
    expect(end.disabled).toBe(true);
    expect(start.disabled).toBe(false);
  });

  it('opens the real calendar on the first click and passes the chosen day on', async () => {
    const onChange = vi.fn();
    render(<BookingDateRange from={null} to={null} onChange={onChange} rules={rules} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose start date' }));
    const calendar = await screen.findByRole('grid');
    // Starts are offered from a week ahead (29 Nov); the calendar opens on the first month with one.
    expect(within(screen.getByRole('dialog')).getByText('November 2026')).toBeTruthy();
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '30' }));
    expect(onChange).toHaveBeenCalledWith({ from_date: '2026-11-30', to_date: null });
  });

  it('opens nothing while disabled', () => {
    render(<BookingDateRange from={null} to={null} onChange={vi.fn()} rules={rules} disabled />);
    const start = screen.getByRole('button', { name: 'Choose start date' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Start Date'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// Issue 45: focus never drops to the page body after a pick.
describe('BookingDateRange from the keyboard', { timeout: 30_000 }, () => {
  it('after a start is picked in the calendar, focus goes to the end date, not the page body', async () => {
    function Harness() {
      const [range, setRange] = useState<{ from_date: string | null; to_date: string | null }>({
        from_date: null,
        to_date: null,
      });
      return <BookingDateRange from={range.from_date} to={range.to_date} onChange={setRange} rules={rules} />;
    }
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose start date' }));
    const calendar = await screen.findByRole('grid');
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '30' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose end date' })),
    );
  });
});
