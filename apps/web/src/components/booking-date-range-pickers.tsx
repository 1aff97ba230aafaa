import { Box, FormHelperText, Stack, Typography } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';
import {
  type BookingPickerRules,
  bookingPickerRules,
  describeRange,
  type IsoDate,
  lastDayOf,
  PICKER_MAX_DATE,
  PICKER_MIN_DATE,
  toDateAfter,
  withNewStart,
} from '@ooh/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

export interface BookingRange {
  from_date: IsoDate | null;
  to_date: IsoDate | null;
}

export interface BookingDateRangeProps {
  from: IsoDate | null | undefined;
  to: IsoDate | null | undefined;
  onChange(next: BookingRange): void;
  /** The site's unavailable dates and minimum booking; ignored when `rules` is given. */
  unavailableDates?: readonly string[];
  bookingDuration?: unknown;
  /** Prepared rules, e.g. campaignPickerRules for a whole campaign. */
  rules?: BookingPickerRules;
  startLabel?: string;
  endLabel?: string;
  /** Extra words for screen readers when several ranges share a page ("for Site A"). */
  context?: string;
  size?: 'small' | 'medium';
  /** Show the chosen range, or "Dates Not Selected", under the pickers. */
  showSummary?: boolean;
  disabled?: boolean;
  /** Side by side (default) or one above the other. */
  direction?: 'row' | 'column';
  /**
   * Clear a value the picker rejects (default). The campaign page turns it off for its per-site pickers:
   * there a whole-campaign range that a site cannot take stays visible and the site is marked Unavailable.
   */
  clearOnError?: boolean;
  /** The picker to open as these mount: the page's plain fields stood in for them until one was clicked. */
  openFirst?: PickerToOpen;
}

export type PickerToOpen = 'start' | 'end';

const toIso = (d: Dayjs | null): IsoDate | null => (d?.isValid() ? d.format('YYYY-MM-DD') : null);
const toDayjs = (iso: IsoDate | null | undefined): Dayjs | null => (iso ? dayjs(iso) : null);

/**
 * Start and end pickers for one booking (docs/product-spec.md sections 4, 5 and 8): the start is typed or chosen in
 * its calendar (issue 45: a keyboard can type it), the end is chosen in its calendar; unavailable and too-early
 * days are disabled and a typed one is refused with a message, the end waits for a start and is bounded by the
 * booking duration, the next unavailable date and one year; a new start clears the end, and a value the
 * picker rejects is cleared.
 */
/**
 * The pickers with their own date adapter: MUI X and dayjs (about 50 KB gzipped) are loaded by the pages
 * that show dates, after their first paint (see booking-date-range.tsx), not by the app shell.
 */
export default function BookingDateRangePickers(props: BookingDateRangeProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <BookingDateRange {...props} />
    </LocalizationProvider>
  );
}

export function BookingDateRange(props: BookingDateRangeProps) {
  const { from, to, onChange, unavailableDates, bookingDuration, size = 'small', disabled = false } = props;
  const clearOnError = props.clearOnError ?? true;
  const rules = useMemo(
    () => props.rules ?? bookingPickerRules({ unavailableDates, bookingDuration }),
    [props.rules, unavailableDates, bookingDuration],
  );
  // The end calendar shows and offers the LAST day of the booking; `to` stays the exclusive to_date the
  // API takes (toDateAfter of the picked day). Showing `to` itself once made the cart promise a day the
  // order never booked (docs/decisions/038-one-date-convention.md).
  const lastDayBounds = from ? rules.lastDayBounds(from) : null;
  const lastDay = to ? lastDayOf(to) : null;
  // The start calendar opens on the first month with a start to offer, not on a month of disabled days.
  const firstStart = useMemo(() => rules.firstAllowedStart() ?? rules.startBounds.min, [rules]);
  const suffix = props.context ? ` ${props.context}` : '';
  const startLabel = props.startLabel ?? 'Start Date';
  const endLabel = props.endLabel ?? 'End Date';

  const setStart = (value: Dayjs | null) => {
    const next = toIso(value);
    if (next === (from ?? null)) return;
    onChange(withNewStart(next));
  };
  const setEnd = (value: Dayjs | null) => {
    const picked = toIso(value);
    const next = picked ? toDateAfter(picked) : null;
    if (next === (to ?? null)) return;
    onChange({ from_date: from ?? null, to_date: next });
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: props.direction ?? 'row' }} spacing={1.5}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <BookingDatePicker
            label={startLabel}
            typeable
            ariaContext={suffix}
            value={toDayjs(from)}
            onChange={setStart}
            onInvalid={() => clearOnError && onChange({ from_date: null, to_date: null })}
            minDate={rules.startBounds.min}
            maxDate={rules.startBounds.max}
            referenceDate={firstStart}
            shouldDisable={(iso) => rules.isStartDisabled(iso)}
            size={size}
            disabled={disabled}
            openAtFirst={props.openFirst === 'start'}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <BookingDatePicker
            label={endLabel}
            ariaContext={suffix}
            value={toDayjs(lastDay)}
            onChange={setEnd}
            onInvalid={() => clearOnError && onChange({ from_date: from ?? null, to_date: null })}
            minDate={lastDayBounds?.min ?? PICKER_MIN_DATE}
            maxDate={lastDayBounds?.max ?? PICKER_MAX_DATE}
            referenceDate={lastDayBounds?.min ?? firstStart}
            shouldDisable={(iso) => rules.isLastDayDisabled(iso, from)}
            size={size}
            disabled={disabled || !from}
            openAtFirst={props.openFirst === 'end'}
          />
        </Box>
      </Stack>
      {props.showSummary ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {describeRange(from, to)}
        </Typography>
      ) : null}
    </Box>
  );
}

interface BookingDatePickerProps {
  label: string;
  ariaContext: string;
  value: Dayjs | null;
  onChange(value: Dayjs | null): void;
  onInvalid(): void;
  minDate: IsoDate;
  maxDate: IsoDate;
  referenceDate: IsoDate;
  shouldDisable(iso: IsoDate): boolean;
  size: 'small' | 'medium';
  disabled: boolean;
  openAtFirst?: boolean;
  /** The field can be typed in (dd/mm/yyyy); otherwise a click anywhere on it opens the calendar. */
  typeable?: boolean;
}

const sameDay = (a: Dayjs | null, b: Dayjs | null) =>
  a === b || Boolean(a?.isValid() && b?.isValid() && a.isSame(b, 'day'));

/**
 * A DatePicker for one end of the range. What the field shows is kept here: a typed day the rules refuse (or
 * half a date) stays in the field with its message while the range has no start, instead of being wiped.
 */
function BookingDatePicker(p: BookingDatePickerProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Opened from the page's plain field (its button is gone with it): the focus goes to this picker's own
  // calendar button first, so the closing calendar gives it back there, as it does when opened from that
  // button, instead of to the page body (issue 45). Once, as the picker mounts.
  const openFirst = useRef(Boolean(p.openAtFirst) && !p.disabled);
  useEffect(() => {
    if (!openFirst.current) return;
    openFirst.current = false;
    box.current?.querySelector<HTMLElement>('[data-mui-picker-open-button]')?.focus();
    setOpen(true);
  }, []);
  const [shown, setShown] = useState<Dayjs | null>(p.value);
  const [committed, setCommitted] = useState<Dayjs | null>(p.value);
  const [typedError, setTypedError] = useState(false);
  const messageId = useId();
  // A value set from outside (a new start cleared the end, a whole-campaign range) replaces what is shown.
  if (!sameDay(committed, p.value)) {
    setCommitted(p.value);
    setShown(p.value);
    setTypedError(false);
  }
  return (
    <Box ref={box}>
      <DatePicker
        label={p.label}
        value={shown}
        onChange={(v, context) => {
          const refused = Boolean(context.validationError) || !v?.isValid();
          const next = refused ? null : v;
          setShown(v);
          // A whole day the rules refuse (a half-typed one is only incomplete): say so under the field.
          setTypedError(Boolean(v?.isValid()) && refused);
          if (sameDay(next, committed)) return;
          setCommitted(next);
          p.onChange(next);
        }}
        // Invalid time, invalid date, a day that became unavailable or too early: clear it (docs/product-spec.md section 8).
        onError={(error) => {
          if (error && p.value) p.onInvalid();
        }}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        minDate={dayjs(p.minDate)}
        maxDate={dayjs(p.maxDate)}
        referenceDate={dayjs(p.referenceDate)}
        shouldDisableDate={(d) => p.shouldDisable(d.format('YYYY-MM-DD'))}
        disabled={p.disabled}
        closeOnSelect
        slotProps={{
          field: { readOnly: !p.typeable },
          textField: {
            size: p.size,
            fullWidth: true,
            onClick: () => !p.typeable && !p.disabled && setOpen(true),
            'aria-describedby': typedError ? messageId : undefined,
          },
          openPickerButton: { 'aria-label': `Choose ${p.label.toLowerCase()}${p.ariaContext}` },
        }}
      />
      {typedError ? (
        <FormHelperText id={messageId} error>
          This day cannot start a booking: choose one in the calendar
        </FormHelperText>
      ) : null}
    </Box>
  );
}
