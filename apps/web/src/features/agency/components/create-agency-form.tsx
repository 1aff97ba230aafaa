import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { BILLING_STATE_NAMES } from '@ooh/shared';
import { Form, useNavigation } from 'react-router';
import { FormSelect, fieldsOf, useOutcomeOf } from './form-fields';

export const STATE_CHOICES = [
  { value: '', label: 'Choose a state' },
  ...BILLING_STATE_NAMES.map((s) => ({ value: s, label: s })),
];

/** "Create an agency" (decision 092): the company's details; whoever creates it is its first admin. */
export function CreateAgencyForm() {
  const outcome = useOutcomeOf('create');
  const busy = useNavigation().state === 'submitting';
  const field = fieldsOf(outcome, 'agency');
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Create an agency
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Plan and book for your clients, with your team. You become the agency's admin.
      </Typography>
      <Form method="post" aria-label="Create an agency" key={outcome?.id ?? 'create'}>
        <input type="hidden" name="intent" value="create" />
        <Stack spacing={2}>
          {outcome?.message && !outcome.ok ? <Alert severity="error">{outcome.message}</Alert> : null}
          {field('company_name', 'Company name', { required: true, autoComplete: 'organization' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('gstin', 'GSTIN', {
              required: true,
              slotProps: { htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } },
            })}
            {field('pan', 'PAN', {
              required: true,
              slotProps: { htmlInput: { maxLength: 10, style: { textTransform: 'uppercase' } } },
            })}
          </Stack>
          {field('address', 'Address', { required: true, autoComplete: 'street-address' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('city', 'City', { required: true })}
            <FormSelect
              id="agency-state"
              name="state"
              label="State"
              required
              choices={STATE_CHOICES}
              defaultValue={values.state ?? ''}
              message={outcome?.fields?.state}
            />
            {field('pin', 'PIN', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 6 } },
            })}
          </Stack>
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            Create agency
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
