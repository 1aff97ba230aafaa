import { Event } from '@mui/icons-material';
import { Box, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import { bookingPickerRules, describeRange, type IsoDate, lastDayOf, withNewStart } from '@ooh/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { BookingDateRangeProps, PickerToOpen } from './booking-date-range-pickers';
import { TextInput } from './text-input';

export type { BookingDateRangeProps, BookingRange } from './booking-date-range-pickers';

// The date pickers (MUI X and dayjs, ~42 KB brotli) load when someone opens one, not with the page.
const loadPickers = () => import('./booking-date-range-pickers');
const Pickers = lazy(loadPickers);

/**
 * A start and an end date picker with the site's booking rules (docs/product-spec.md section 4).
 *
 * Until someone opens one, the page shows the two fields as plain text fields with the same labels, values
 * and calendar buttons (`PickerFields`), rendered by the server too. The start can be typed there (dd/mm/yyyy,
 * checked by the same booking rules as the calendar; issue 45); the end is chosen in its calendar, since its
 * days depend on the start. Opening a calendar loads the
 * real pickers, already open on the calendar asked for. The real ones are a few dozen components each, and a
 * campaign of eleven places has 22: drawn with the page, they were its longest tasks on a slow phone, and
 * their code a sixth of its JavaScript.
 */
export function BookingDateRange(props: BookingDateRangeProps) {
  const [opened, setOpened] = useState<PickerToOpen | null>(null);
  if (!opened) return <PickerFields {...props} onOpen={setOpened} />;
  return (
    <Suspense fallback={<PickerFields {...props} loading />}>
      <Pickers {...props} openFirst={opened} />
    </Suspense>
  );
}

/** dd/mm/yyyy, as the pickers (en-GB) show a day. */
const shown = (iso: IsoDate | null | undefined) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';

/** A typed dd/mm/yyyy (also d/m/yyyy, with - or . between) as an ISO day, or null while it is not one. */
export function typedDay(text: string): IsoDate | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` as IsoDate;
}

/**
 * The pickers' two fields without the pickers: what the page shows until one is opened, and while their
 * code loads. The start is typed or chosen with its calendar button; a click on the end field or its button
 * opens the end's calendar.
 */
function PickerFields({
  from,
  to,
  size = 'small',
  direction,
  showSummary,
  disabled = false,
  context,
  startLabel = 'Start Date',
  endLabel = 'End Date',
  onOpen,
  loading = false,
  onChange,
  rules: given,
  unavailableDates,
  bookingDuration,
}: BookingDateRangeProps & { onOpen?: (which: PickerToOpen) => void; loading?: boolean }) {
  const suffix = context ? ` ${context}` : '';
  const rules = useMemo(
    () => given ?? bookingPickerRules({ unavailableDates, bookingDuration }),
    [given, unavailableDates, bookingDuration],
  );
  // What is being typed in the start field (null shows the chosen start), and whether the person left it.
  const [typed, setTyped] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  const typedIso = typed === null ? null : typedDay(typed);
  const meant = typedIso && !rules.isStartDisabled(typedIso) ? typedIso : null;
  const typedError =
    typed === null || !typed.trim() || (!left && typed.trim().length < 8)
      ? null
      : !typedIso
        ? 'Type the start as dd/mm/yyyy'
        : rules.isStartDisabled(typedIso)
          ? 'This day cannot start a booking: choose one in the calendar'
          : null;
  // The range follows the field: a day the calendar would offer is taken (and a new start clears the end);
  // while the text is not such a day there is no start, so the summary never shows one the field does not.
  const typeStart = (text: string) => {
    setTyped(text);
    setLeft(false);
    const iso = typedDay(text);
    const next = iso && !rules.isStartDisabled(iso) ? iso : null;
    if (next !== (from ?? null)) onChange(withNewStart(next));
  };
  const fields = [
    {
      which: 'start' as const,
      label: startLabel,
      // The typed text while it means the range's start; a start set elsewhere (a whole-campaign range) wins.
      value: typed !== null && meant === (from ?? null) ? typed : shown(from),
      off: disabled,
    },
    // The end field shows the LAST day (to_date is exclusive) and waits for a start, as the picker does.
    {
      which: 'end' as const,
      label: endLabel,
      value: shown(to ? lastDayOf(to) : null),
      off: disabled || !from,
    },
  ];
  return (
    <Box aria-busy={loading || undefined}>
      <Stack direction={{ xs: 'column', sm: direction ?? 'row' }} spacing={1.5}>
        {fields.map((f) => (
          <TextInput
            key={f.which}
            label={f.label}
            value={f.value}
            size={size}
            fullWidth
            disabled={f.off}
            // Warm the pickers' code as a pointer or the focus comes near, so the calendar opens at once.
            onPointerEnter={() => void loadPickers()}
            onFocus={() => void loadPickers()}
            // A click on the end field opens its calendar; the start field is for typing, its button for the calendar.
            onClick={() => f.which === 'end' && !f.off && onOpen?.(f.which)}
            onChange={f.which === 'start' ? (e) => typeStart(e.target.value) : undefined}
            onBlur={f.which === 'start' ? () => setLeft(true) : undefined}
            error={f.which === 'start' && Boolean(typedError)}
            helperText={f.which === 'start' ? typedError : undefined}
            placeholder={f.which === 'start' ? 'dd/mm/yyyy' : undefined}
            slotProps={{
              htmlInput:
                f.which === 'start'
                  ? { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 }
                  : { readOnly: true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      disabled={f.off}
                      aria-label={`Choose ${f.label.toLowerCase()}${suffix}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen?.(f.which);
                      }}
                    >
                      <Event />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        ))}
      </Stack>
      {showSummary ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {describeRange(from, to)}
        </Typography>
      ) : null}
    </Box>
  );
}
