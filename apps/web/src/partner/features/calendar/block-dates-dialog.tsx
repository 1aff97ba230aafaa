import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';
import {
  addDays,
  BLOCK_WINDOW_DAYS,
  type CalendarSite,
  formatDay,
  siteBlockBodySchema,
  toDateAfter,
  todayIst,
} from '@ooh/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { createActionKeys } from '../../../lib/idempotency';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useCreateBlock } from './api/block-dates';

// The first failure of a field is shown: an empty date asks for a day before the shared schema's format rule.
// People pick the last day; the API takes the day after it (toDateAfter), as every to_date.
const formSchema = z
  .object({
    site_id: z.number({ error: 'Choose a site' }).int().positive('Choose a site'),
    from_date: z.string().min(1, 'Choose the first day'),
    to_date: z.string().min(1, 'Choose the last day'),
    reason: siteBlockBodySchema.shape.reason,
  })
  .refine((v) => v.from_date <= v.to_date, {
    path: ['to_date'],
    message: 'The last day is on or after the first day',
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/**
 * "Block dates": a site, a first and a last day (both included) and a reason. The server is the judge of
 * conflicts: its 409 names the booking, hold or block in the way and is shown as it says it.
 */
export function BlockDatesDialog({
  open,
  onClose,
  sites,
  siteId,
  onBlocked,
}: {
  open: boolean;
  onClose(): void;
  sites: CalendarSite[];
  siteId: number | null;
  onBlocked(message: string): void;
}) {
  const today = todayIst();
  const lastDay = addDays(today, BLOCK_WINDOW_DAYS);
  const keys = useMemo(() => createActionKeys(), []);
  const create = useCreateBlock();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: { site_id: siteId ?? undefined, from_date: '', to_date: '', reason: '' },
  });
  const { control, handleSubmit, setError, formState } = form;
  useUnsavedChanges(open && formState.isDirty && !create.isPending);

  const close = () => {
    if (create.isPending) return;
    create.reset();
    form.reset({ site_id: siteId ?? undefined, from_date: '', to_date: '', reason: '' });
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    const { site_id, from_date, to_date: lastDay, reason } = values;
    const body = { from_date, to_date: toDateAfter(lastDay), reason };
    try {
      await create.mutateAsync({ siteId: site_id, body, key: keys.keyFor(JSON.stringify(values)) });
      keys.done();
      onBlocked(
        `Blocked ${from_date === lastDay ? formatDay(from_date) : `${formatDay(from_date)} to ${formatDay(lastDay)}`}.`,
      );
      create.reset();
      form.reset({ site_id: siteId ?? undefined, from_date: '', to_date: '', reason: '' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        for (const [name, message] of Object.entries(err.fields)) {
          if (name === 'from_date' || name === 'to_date' || name === 'reason') setError(name, { message });
        }
      }
    }
  });

  // A 409 names what is in the way ("Booked by order #123 from 5 Dec to 12 Dec"): shown as the server says it.
  const failure =
    create.error instanceof ApiError && create.error.status !== 400
      ? create.error.message
      : create.error && !(create.error instanceof ApiError)
        ? 'We could not block these dates. Please try again.'
        : null;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="block-dates-title">
      <DialogTitle id="block-dates-title">Block dates</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Controller
              control={control}
              name="site_id"
              render={({ field, fieldState }) => (
                <ChoiceField
                  label="Site"
                  value={field.value == null ? '' : String(field.value)}
                  onChange={(v) => field.onChange(Number(v))}
                  onBlur={field.onBlur}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  required
                  choices={[
                    // A native select shows its first option when none matches: with no site yet, this one.
                    { value: '', label: 'Choose a site', disabled: true },
                    ...sites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.product_id})` })),
                  ]}
                />
              )}
            />
            <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
              {(['from_date', 'to_date'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <DatePicker
                      label={name === 'from_date' ? 'First day' : 'Last day (included)'}
                      value={field.value ? dayjs(field.value) : null}
                      onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                      minDate={dayjs(today)}
                      maxDate={dayjs(lastDay)}
                      slotProps={{
                        textField: {
                          required: true,
                          error: !!fieldState.error,
                          helperText: fieldState.error?.message,
                          onBlur: field.onBlur,
                        },
                      }}
                    />
                  )}
                />
              ))}
            </LocalizationProvider>
            <Controller
              control={control}
              name="reason"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label="Reason"
                  placeholder="Maintenance, sold offline…"
                  required
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Shown on your calendar only'}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending || formState.isSubmitting}>
            {create.isPending ? 'Blocking…' : 'Block dates'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
