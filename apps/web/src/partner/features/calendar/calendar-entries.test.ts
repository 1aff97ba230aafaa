import type { CalendarEntry } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { dayRange, entryTitle, monthTitle, shiftMonth, toEvents } from './calendar-entries';

const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  kind: 'booking',
  id: 1,
  site_id: 7,
  start_date: '2026-12-05',
  end_date: '2026-12-11',
  label: 'Order #12 · Acme',
  order_id: 12,
  hold_expires_at: null,
  ...over,
});

describe('calendar entries', () => {
  it('moves months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(monthTitle('2026-12')).toMatch(/December 2026/);
  });

  it('says the kind in words, once, and the site when several are shown', () => {
    expect(entryTitle(entry({}), null)).toBe('Booked · Order #12 · Acme');
    expect(entryTitle(entry({ kind: 'hold', label: 'Held until 14:05' }), 'Gantry')).toBe(
      'Gantry: Held until 14:05',
    );
    expect(entryTitle(entry({ kind: 'block', label: 'Blocked' }), null)).toBe('Blocked');
    expect(entryTitle(entry({ kind: 'block', label: 'Repainting' }), null)).toBe('Blocked · Repainting');
  });

  it('turns inclusive last days into FullCalendar exclusive ends, coloured by kind', () => {
    const [e] = toEvents(
      [entry({ kind: 'block', label: 'Works' })],
      [{ id: 7, name: 'Gantry', product_id: 'G-1', status: 'live' }],
      true,
    );
    expect(e).toMatchObject({
      id: 'block-1',
      start: '2026-12-05',
      end: '2026-12-12',
      allDay: true,
      title: 'Gantry: Blocked · Works',
    });
    expect(e.backgroundColor).not.toBe(toEvents([entry({})], [], false)[0].backgroundColor);
    expect(dayRange('2026-12-05', '2026-12-05')).toBe('5 Dec');
    expect(dayRange('2026-12-05', '2026-12-11')).toBe('5 Dec – 11 Dec');
  });
});
