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
  // The plain field's button that opened the calendar is gone once the real pickers load: the focus comes back
  // to the picker's own calendar button, as it does for a calendar opened from that button.
  it('after a start is picked in the calendar, focus is back on its calendar button, not the page body', async () => {
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
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose start date' })),
    );
  });
});

// Issue 45: the start can be typed, under the same rules as its calendar.
describe('BookingDateRange: typing the start', { timeout: 30_000 }, () => {
  const blocked = bookingPickerRules({ unavailableDates: ['2026-12-10'], bookingDuration: 7, now: NOW });
  function Harness({
    onChange,
  }: {
    onChange: (r: { from_date: string | null; to_date: string | null }) => void;
  }) {
    const [range, setRange] = useState<{ from_date: string | null; to_date: string | null }>({
      from_date: '2026-12-20',
      to_date: '2026-12-27',
    });
    return (
      <BookingDateRange
        from={range.from_date}
        to={range.to_date}
        onChange={(r) => {
          onChange(r);
          setRange(r);
        }}
        rules={blocked}
        showSummary
      />
    );
  }
  const type = (text: string) =>
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: text } });

  it('takes a typed day the calendar offers, clears the end, and enables the end date', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('Start Date') as HTMLInputElement;
    expect(field.readOnly).toBe(false);
    type('03/12/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from_date: '2026-12-03', to_date: null });
    expect(field.value).toBe('03/12/2026');
    expect((screen.getByRole('button', { name: 'Choose end date' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText(/cannot start a booking/)).toBeNull();
  });

  it('refuses a blocked day, a day inside the minimum booking before it, and one before a week ahead', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    // 10 Dec is blocked; 4 Dec cannot fit 7 days before it; 28 Nov is less than a week from 22 Nov.
    for (const day of ['10/12/2026', '04/12/2026', '28/11/2026']) {
      type(day);
      expect(screen.getByText('This day cannot start a booking: choose one in the calendar')).toBeTruthy();
      expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe(day);
      // No start while the field holds a day that cannot be one: the summary says so and the end waits.
      expect(screen.getByText('Dates Not Selected')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Choose end date' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    }
    expect(onChange.mock.calls.every(([r]) => r.from_date === null)).toBe(true);
  });

  it('says how to type a date when the field is left with something else', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('3/12');
    expect(screen.queryByText('Type the start as dd/mm/yyyy')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Start Date'));
    expect(screen.getByText('Type the start as dd/mm/yyyy')).toBeTruthy();
    type('3/12/2026');
    expect(screen.queryByText('Type the start as dd/mm/yyyy')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ from_date: '2026-12-03', to_date: null });
  });
});
