import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';
import {
  addDays,
  BLOCK_WINDOW_DAYS,
  formatDay,
  siteBlockBodySchema,
  toDateAfter,
  todayIst,
} from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useBulkSites } from '../../api/sites';

/** The reason rule of a block, the same as the API checks (siteBulkBodySchema's block uses it too). */
const reasonSchema = siteBlockBodySchema.shape.reason;

/**
 * Block the same dates on every selected site (decision 046): all or nothing. People pick the LAST day
 * (included); the API takes the day after it (toDateAfter, decision 038). A refusal lists each site in
 * the way with what holds it, by code, and blocks none.
 */
export function BulkBlockDialog({
  open,
  siteIds,
  onClose,
  onBlocked,
}: {
  open: boolean;
  siteIds: number[];
  onClose(): void;
  onBlocked(message: string): void;
}) {
  const today = todayIst();
  const maxDay = addDays(today, BLOCK_WINDOW_DAYS);
  const bulk = useBulkSites();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [last, setLast] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ from?: string; last?: string; reason?: string }>({});
  const dirty = open && (from !== '' || last !== '' || reason.trim() !== '');
  useUnsavedChanges(dirty && !bulk.isPending);

  const reset = () => {
    setFrom('');
    setLast('');
    setReason('');
    setErrors({});
    bulk.reset();
  };
  const close = () => {
    if (bulk.isPending) return;
    reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!from) found.from = 'Choose the first day';
    if (!last) found.last = 'Choose the last day';
    else if (from && last < from) found.last = 'The last day is on or after the first day';
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) found.reason = checked.error.issues[0]?.message ?? 'Give a reason';
    setErrors(found);
    if (Object.keys(found).length) return;
    bulk.mutate(
      {
        action: 'block',
        site_ids: siteIds,
        from_date: from,
        to_date: toDateAfter(last),
        reason: reason.trim(),
      },
      {
        onSuccess: (res) => {
          void queryClient.invalidateQueries({ queryKey: ['partner', 'calendar'] });
          onBlocked(
            `Blocked ${from === last ? formatDay(from) : `${formatDay(from)} to ${formatDay(last)}`} on ${res.data.updated} ${res.data.updated === 1 ? 'site' : 'sites'}.`,
          );
          reset();
          onClose();
        },
      },
    );
  };

  const error = bulk.error;
  const conflicts =
    error instanceof ApiError && error.status === 409 && error.fields ? Object.values(error.fields) : [];
  const failure =
    error instanceof ApiError
      ? error.status === 409
        ? `${conflicts.length} of the ${siteIds.length} selected sites cannot take these dates, so none was blocked:`
        : error.message
      : error
        ? 'We could not block these dates. Please try again.'
        : null;
  const n = siteIds.length;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-block-title">
      <DialogTitle id="bulk-block-title">
        Block dates on {n} {n === 1 ? 'site' : 'sites'}
      </DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            All or nothing: if any selected site is booked, held or blocked on these days, none is blocked and
            the sites in the way are listed.
          </DialogContentText>
          <Stack spacing={2}>
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
                {conflicts.length ? (
                  <ul style={{ margin: '4px 0 0', paddingLeft: 20 }} aria-label="Sites in the way">
                    {conflicts.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                ) : null}
              </Alert>
            ) : null}
            <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <DatePicker
                  label="First day"
                  value={from ? dayjs(from) : null}
                  onChange={(d) => setFrom(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  minDate={dayjs(today)}
                  maxDate={dayjs(maxDay)}
                  slotProps={{
                    textField: {
                      required: true,
                      error: !!errors.from,
                      helperText: errors.from,
                      fullWidth: true,
                    },
                  }}
                />
                <DatePicker
                  label="Last day (included)"
                  value={last ? dayjs(last) : null}
                  onChange={(d) => setLast(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  minDate={dayjs(from || today)}
                  maxDate={dayjs(maxDay)}
                  slotProps={{
                    textField: {
                      required: true,
                      error: !!errors.last,
                      helperText: errors.last,
                      fullWidth: true,
                    },
                  }}
                />
              </Stack>
            </LocalizationProvider>
            <TextInput
              label="Reason"
              placeholder="Maintenance, sold offline…"
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={!!errors.reason}
              helperText={errors.reason ?? 'Shown on your calendar only'}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={bulk.isPending || n === 0}>
            {bulk.isPending ? 'Blocking…' : 'Block dates'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
