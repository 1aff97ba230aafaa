import { Event } from '@mui/icons-material';
import { Box, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import { describeRange, type IsoDate, lastDayOf } from '@ooh/shared';
import { lazy, Suspense, useState } from 'react';
import type { BookingDateRangeProps, PickerToOpen } from './booking-date-range-pickers';
import { TextInput } from './text-input';

export type { BookingDateRangeProps, BookingRange } from './booking-date-range-pickers';

// The date pickers (MUI X and dayjs, ~42 KB brotli) load when someone opens one, not with the page.
const loadPickers = () => import('./booking-date-range-pickers');
const Pickers = lazy(loadPickers);

/**
 * A start and an end date picker with the site's booking rules (docs/product-spec.md section 4).
 *
 * Until someone opens one, the page shows the two fields as plain read-only text fields with the same
 * labels, values and calendar buttons (`PickerFields`), rendered by the server too. Opening one loads the
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

/**
 * The pickers' two fields without the pickers: what the page shows until one is opened, and while their
 * code loads. A click on a field or its calendar button opens that picker.
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
}: BookingDateRangeProps & { onOpen?: (which: PickerToOpen) => void; loading?: boolean }) {
  const suffix = context ? ` ${context}` : '';
  const fields = [
    { which: 'start' as const, label: startLabel, value: shown(from), off: disabled },
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
            onClick={() => !f.off && onOpen?.(f.which)}
            slotProps={{
              htmlInput: { readOnly: true },
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
