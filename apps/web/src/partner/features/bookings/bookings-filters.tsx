import { Button, Stack } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';
import { type CalendarSite, PARTNER_BOOKING_STATUSES, type PartnerBookingStatus } from '@ooh/shared';
import dayjs from 'dayjs';
import { ChoiceField } from '../../../components/choice-field';
import type { BookingFilters } from './api/list-partner-bookings';
import { STATUS_WORDS } from './booking-format';

export const NO_FILTERS: BookingFilters = { siteId: null, from: null, to: null, status: null };

/** Site, running between two days, and status. A range whose end is before its start says so. */
export function BookingsFilters({
  value,
  onChange,
  sites,
  rangeError,
}: {
  value: BookingFilters;
  onChange(next: BookingFilters): void;
  sites: CalendarSite[];
  rangeError: string | null;
}) {
  const set = (patch: Partial<BookingFilters>) => onChange({ ...value, ...patch });
  const dateField = (key: 'from' | 'to', label: string, error: string | null) => (
    <DatePicker
      label={label}
      value={value[key] ? dayjs(value[key]) : null}
      onChange={(d) => set({ [key]: d?.isValid() ? d.format('YYYY-MM-DD') : null })}
      slotProps={{
        textField: { size: 'small', error: !!error, helperText: error ?? undefined, sx: { minWidth: 160 } },
        field: { clearable: true },
      }}
    />
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ChoiceField
          size="small"
          label="Site"
          value={value.siteId === null ? 'all' : String(value.siteId)}
          onChange={(v) => set({ siteId: v === 'all' ? null : Number(v) })}
          choices={[
            { value: 'all', label: 'All sites' },
            ...sites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.product_id})` })),
          ]}
          sx={{ minWidth: 200 }}
        />
        {dateField('from', 'Running from', null)}
        {dateField('to', 'Running until', rangeError)}
        <ChoiceField
          size="small"
          label="Status"
          value={value.status ?? 'all'}
          onChange={(v) => set({ status: v === 'all' ? null : (v as PartnerBookingStatus) })}
          choices={[
            { value: 'all', label: 'Any status' },
            ...PARTNER_BOOKING_STATUSES.map((s) => ({ value: s, label: STATUS_WORDS[s] })),
          ]}
          sx={{ minWidth: 150 }}
        />
        <Button onClick={() => onChange(NO_FILTERS)} sx={{ alignSelf: { sm: 'center' } }}>
          Clear filters
        </Button>
      </Stack>
    </LocalizationProvider>
  );
}
