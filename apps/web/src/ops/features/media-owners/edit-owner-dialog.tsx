import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { type OpsMediaOwner, type OpsMediaOwnerEditBody, opsMediaOwnerEditBodySchema } from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { apiRequest } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { errorText } from '../../lib/ops-api';

const FIELDS = [
  ['company_name', 'Company name'],
  ['address_line_1', 'Address line 1'],
  ['address_line_2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['contact_name', 'Contact name'],
  ['contact_email', 'Contact email'],
  ['contact_phone', 'Contact mobile'],
  ['ifsc', 'IFSC'],
  ['account_number', 'New account number'],
] as const;
/** Bank details go together: a change to either sends both, and the provider verifies them again. */
const BANK: readonly Field[] = ['ifsc', 'account_number'];
type Field = (typeof FIELDS)[number][0];

/**
 * "Edit details…" (decision 046): an operator corrects an owner's name, address, contact or bank details
 * (new bank details are verified again by the payment provider before a payout, decision 047); only the
 * changed fields are sent, PATCH /api/ops/media-owners/{id} records the before and after in the audit log.
 */
export function EditOwnerDialog({
  owner,
  open,
  onClose,
  onSaved,
}: {
  owner: OpsMediaOwner;
  open: boolean;
  onClose(): void;
  /** After a save: the owner's dialog closes too, so the list's fresh row is what is shown next. */
  onSaved(): void;
}) {
  const initial = Object.fromEntries(
    FIELDS.map(([f]) => [f, f === 'account_number' ? '' : String(owner[f] ?? '')]),
  ) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: OpsMediaOwnerEditBody) =>
      apiRequest<{ data: OpsMediaOwner }>(`/ops/media-owners/${owner.id}`, {
        method: 'PATCH',
        body,
        redirectOn401: false,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
  const edited = FIELDS.filter(([f]) => values[f] !== initial[f]).map(([f]) => f);
  const changed = edited.some((f) => BANK.includes(f))
    ? [...edited.filter((f) => !BANK.includes(f)), ...BANK]
    : edited;
  useUnsavedChanges(open && changed.length > 0 && !save.isPending);
  const close = () => {
    if (save.isPending) return;
    setValues(initial);
    setErrors({});
    save.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = opsMediaOwnerEditBodySchema.safeParse(
      Object.fromEntries(changed.map((f) => [f, values[f]])),
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'company_name'), i.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: onSaved });
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="edit-owner-title">
      <DialogTitle id="edit-owner-title">Edit {owner.company_name}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            {save.isError ? (
              <Alert severity="error" role="alert">
                {errorText(save.error)}
              </Alert>
            ) : null}
            {FIELDS.map(([f, label]) => (
              <TextInput
                key={f}
                label={label}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                error={Boolean(errors[f])}
                helperText={
                  errors[f] ??
                  (f === 'account_number'
                    ? `Now ${owner.bank_account_masked}. New bank details are verified again before the next payout.`
                    : undefined)
                }
                slotProps={{ htmlInput: { maxLength: f === 'contact_email' ? 254 : 200 } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={changed.length === 0 || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
