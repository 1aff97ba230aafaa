import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { bookingPickerRules } from '@ooh/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import 'dayjs/locale/en-gb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BookingDateRange,
  type BookingDateRangeProps,
  type BookingRange,
} from './booking-date-range-pickers';

const NOW = new Date('2026-11-22T06:30:00Z');

function renderRange(props: Partial<BookingDateRangeProps> & { onChange?: (r: BookingRange) => void }) {
  const onChange = props.onChange ?? vi.fn();
  render(
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <BookingDateRange
        from={null}
        to={null}
        onChange={onChange}
        rules={bookingPickerRules({ unavailableDates: ['2026-12-10'], bookingDuration: 7, now: NOW })}
        showSummary
        {...props}
      />
    </LocalizationProvider>,
  );
  return onChange;
}

afterEach(cleanup);

// MUI's calendars are heavy in jsdom; on a busy machine a render can take seconds.
describe('BookingDateRange', { timeout: 30_000 }, () => {
  it('says "Dates Not Selected" and keeps the end picker disabled until a start exists', () => {
    renderRange({});
    expect(screen.getByText('Dates Not Selected')).toBeTruthy();
    expect((screen.getByRole('button', { name: /choose end date/i }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: /choose start date/i }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('offers starts from a week ahead, disables booked runs, and a new start clears the end', async () => {
    const onChange = renderRange({ from: '2026-12-20', to: '2026-12-27' });
    expect(screen.getByText('20 Dec 2026 - 26 Dec 2026 (7 days)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /choose start date/i }));
    const calendar = await screen.findByRole('grid');
    const cell = (d: string) => within(calendar).getByRole('gridcell', { name: d }) as HTMLButtonElement;
    // The calendar shows the chosen start's month. 4-10 Dec cannot fit 7 days before the booked 10 Dec.
    expect(within(screen.getByRole('dialog')).getByText('December 2026')).toBeTruthy();
    expect(cell('3').disabled).toBe(false);
    expect(cell('4').disabled).toBe(true);
    expect(cell('10').disabled).toBe(true);
    expect(cell('11').disabled).toBe(false);
    fireEvent.click(cell('3'));
    expect(onChange).toHaveBeenCalledWith({ from_date: '2026-12-03', to_date: null });
  });

  it('opens on the earliest start, a week after today in IST', async () => {
    renderRange({});
    fireEvent.click(screen.getByRole('button', { name: /choose start date/i }));
    const calendar = await screen.findByRole('grid');
    expect(within(screen.getByRole('dialog')).getByText('November 2026')).toBeTruthy();
    expect((within(calendar).getByRole('gridcell', { name: '28' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(calendar).getByRole('gridcell', { name: '29' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('offers the last day: at least the booking duration, never the next unavailable date', async () => {
    const onChange = renderRange({ from: '2026-12-01', to: null });
    fireEvent.click(screen.getByRole('button', { name: /choose end date/i }));
    const calendar = await screen.findByRole('grid');
    const cell = (d: string) => within(calendar).getByRole('gridcell', { name: d }) as HTMLButtonElement;
    // 7 days from 1 Dec end on 7 Dec; 10 Dec is booked, so 9 Dec is the latest last day.
    expect(cell('6').disabled).toBe(true);
    expect(cell('7').disabled).toBe(false);
    expect(cell('9').disabled).toBe(false);
    expect(cell('10').disabled).toBe(true);
    // The API takes the day after the picked last day (issue 19: the picked day is booked).
    fireEvent.click(cell('9'));
    expect(onChange).toHaveBeenCalledWith({ from_date: '2026-12-01', to_date: '2026-12-10' });
  });

  it('shows the stored exclusive to_date as the last day in the end field', () => {
    renderRange({ from: '2026-12-01', to: '2026-12-10' });
    const values = Array.from(document.querySelectorAll('input')).map((i) => i.value);
    expect(values).toEqual(['01/12/2026', '09/12/2026']);
    expect(screen.getByText('1 Dec 2026 - 9 Dec 2026 (9 days)')).toBeTruthy();
  });
});
