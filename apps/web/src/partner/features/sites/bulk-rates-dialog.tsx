import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
} from '@mui/material';
import type { SiteBulkBody } from '@ooh/shared';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import {
  type BulkRatesErrors,
  type BulkRatesValues,
  bulkRatesBody,
  bulkRatesRefusal,
  emptyBulkRates,
} from './bulk-rates';

/**
 * The rate card on every selected site (decision 090): a weekly and a four-weekly rate (rupees a day)
 * and the minimum booking. A blank field leaves each site's own value; all or nothing, so a rate that
 * one site's daily price cannot take changes none, and the refusal names that site.
 */
export function BulkRatesDialog({
  open,
  siteIds,
  onApply,
  onClose,
  onApplied,
}: {
  open: boolean;
  siteIds: number[];
  /** Sends the body; rejects with the server's ApiError. */
  onApply(body: Extract<SiteBulkBody, { action: 'rates' }>): Promise<{ updated: number }>;
  onClose(): void;
  onApplied(message: string): void;
}) {
  const [values, setValues] = useState<BulkRatesValues>(emptyBulkRates);
  const [errors, setErrors] = useState<BulkRatesErrors>({});
  const [sites, setSites] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const dirty = open && (values.weekly + values.fourWeekly + values.minimum).trim() !== '';
  useUnsavedChanges(dirty && !pending);
  const n = siteIds.length;

  const set = (patch: Partial<BulkRatesValues>) => setValues((v) => ({ ...v, ...patch }));
  const reset = () => {
    setValues(emptyBulkRates());
    setErrors({});
    setSites([]);
  };
  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = bulkRatesBody(values, siteIds);
    setSites([]);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const res = await onApply(checked.body);
      reset();
      onApplied(`Rate card changed: ${res.updated} of ${n} changed.`);
      onClose();
    } catch (error) {
      const refusal = bulkRatesRefusal(error);
      setErrors(refusal.errors);
      setSites(refusal.sites);
    } finally {
      setPending(false);
    }
  };

  const rateField = (
    field: 'weekly' | 'fourWeekly',
    clear: 'clearWeekly' | 'clearFourWeekly',
    label: string,
    help: string,
    removeLabel: string,
  ) => (
    <Stack spacing={0.5}>
      <TextInput
        label={label}
        value={values[clear] ? '' : values[field]}
        disabled={values[clear]}
        onChange={(e) => set({ [field]: e.target.value })}
        error={!!errors[field]}
        helperText={errors[field] ?? help}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={values[clear]}
            onChange={(e) => set({ [clear]: e.target.checked, [field]: '' })}
          />
        }
        label={removeLabel}
      />
    </Stack>
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-rates-title">
      <DialogTitle id="bulk-rates-title">
        Rate card on {n} {n === 1 ? 'site' : 'sites'}
      </DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Rates are per day and at most each site's daily price. Leave a field blank to keep each site's own
            value. All or nothing: if one site cannot take a rate, none is changed.
          </DialogContentText>
          <Stack spacing={2}>
            {errors.form ? (
              <Alert severity="error" role="alert">
                {errors.form}
                {sites.length ? (
                  <ul style={{ margin: '4px 0 0', paddingLeft: 20 }} aria-label="Sites not changed">
                    {sites.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                ) : null}
              </Alert>
            ) : null}
            {rateField(
              'weekly',
              'clearWeekly',
              'Weekly rate (₹ a day)',
              'For bookings of 7 days or more',
              'Remove the weekly rate',
            )}
            {rateField(
              'fourWeekly',
              'clearFourWeekly',
              'Four-weekly rate (₹ a day)',
              'For bookings of 28 days or more',
              'Remove the four-weekly rate',
            )}
            <TextInput
              label="Minimum booking (days)"
              value={values.minimum}
              onChange={(e) => set({ minimum: e.target.value })}
              error={!!errors.minimum}
              helperText={errors.minimum ?? 'The shortest booking each site takes'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending || n === 0}>
            {pending ? 'Saving…' : 'Apply rates'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
