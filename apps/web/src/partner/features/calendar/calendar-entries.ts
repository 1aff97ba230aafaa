import {
  addDays,
  type CalendarEntry,
  type CalendarEntryKind,
  type CalendarSite,
  formatDayShort,
  formatMonth,
} from '@ooh/shared';

/** Colours with their own words: the legend, every event and the list say the kind, not colour alone. */
export const KIND_STYLE: Record<CalendarEntryKind, { word: string; bg: string; fg: string; legend: string }> =
  {
    booking: { word: 'Booked', bg: '#1565c0', fg: '#ffffff', legend: 'Paid booking (order and buyer)' },
    hold: { word: 'Held', bg: '#ffcc80', fg: '#3e2723', legend: "Held in a buyer's cart, not paid yet" },
    block: { word: 'Blocked', bg: '#546e7a', fg: '#ffffff', legend: 'Blocked by you (reason)' },
  };

/** "2026-12" for a date; the month before and after; "December 2026". */
export const monthOf = (iso: string) => iso.slice(0, 7);
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
export const monthTitle = (month: string): string => formatMonth(month);

/** "5 Dec" or "5 Dec – 12 Dec" (inclusive days). */
export function dayRange(start: string, end: string): string {
  return start === end ? formatDayShort(start) : `${formatDayShort(start)} – ${formatDayShort(end)}`;
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  /** Exclusive, as FullCalendar reads all-day ends. */
  end: string;
  allDay: true;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  extendedProps: { entry: CalendarEntry; siteName: string };
}

/** The title an event shows: its kind in words, the label, and the site when several are shown. */
export function entryTitle(entry: CalendarEntry, siteName: string | null): string {
  const word = KIND_STYLE[entry.kind].word;
  // "Held until 14:05" and a seeded block's "Blocked" already say their kind.
  const text = entry.label.startsWith(word) ? entry.label : `${word} · ${entry.label}`;
  return siteName ? `${siteName}: ${text}` : text;
}

export function toEvents(
  entries: CalendarEntry[],
  sites: CalendarSite[],
  showSite: boolean,
): CalendarEvent[] {
  const names = new Map(sites.map((s) => [s.id, s.name]));
  return entries.map((entry) => {
    const style = KIND_STYLE[entry.kind];
    const siteName = names.get(entry.site_id) ?? `Site ${entry.site_id}`;
    return {
      id: `${entry.kind}-${entry.id}`,
      title: entryTitle(entry, showSite ? siteName : null),
      start: entry.start_date,
      end: addDays(entry.end_date, 1),
      allDay: true,
      backgroundColor: style.bg,
      borderColor: style.bg,
      textColor: style.fg,
      extendedProps: { entry, siteName },
    };
  });
}
