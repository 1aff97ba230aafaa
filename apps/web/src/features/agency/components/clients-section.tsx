import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { type AgencyClientWithSpend, type BillTo, formatPaise } from '@ooh/shared';
import { Form, useNavigation } from 'react-router';
import { TextInput } from '../../../components/text-input';
import { STATE_CHOICES } from './create-agency-form';
import { FormSelect, fieldsOf, useOutcomeOf } from './form-fields';

export const BILL_TO_LABELS: Record<BillTo, string> = {
  client: 'Bill the client (through the agency)',
  agency: 'Bill the agency (for the client)',
};
const BILL_TO_CHOICES = (['client', 'agency'] as const).map((v) => ({ value: v, label: BILL_TO_LABELS[v] }));

/** What the row says of the client's booking rules (decision 092) and this IST month's spend against them. */
export function rulesOf(client: AgencyClientWithSpend): string {
  const approval = client.approval_required ? "Bookings need the client's approval" : 'No approval needed';
  const spent = client.spent_this_month_paise;
  const limit =
    client.monthly_limit_paise === null
      ? `no monthly limit · ${formatPaise(spent)} spent this month`
      : `monthly limit ${formatPaise(client.monthly_limit_paise)} before GST · ${formatPaise(spent)} spent this month, ${formatPaise(Math.max(0, client.monthly_limit_paise - spent))} left`;
  return `${approval} · ${limit}`;
}

/** A limit in paise as the form shows it: whole rupees without separators, or with paise. */
const rupeesTyped = (paise: number | null) =>
  paise === null ? '' : paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

function ClientRow({ client, busy }: { client: AgencyClientWithSpend; busy: boolean }) {
  const outcome = useOutcomeOf(`edit_client:${client.id}`);
  // A refused form shows what was typed; otherwise the saved settings.
  const typed = outcome && !outcome.ok ? outcome.values : undefined;
  // Drawn anew when the saved settings change too: the page's data may arrive after the action's answer.
  const saved = `${client.bill_to}:${client.approval_required}:${client.monthly_limit_paise}`;
  return (
    <Box
      component="li"
      aria-label={client.name}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{client.name}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {client.address_line_1}, {client.city}, {client.state} {client.pin}
        {client.gstin ? ` · GSTIN ${client.gstin}` : ' · no GSTIN'}
      </Typography>
      <Typography variant="body2" data-testid={`client-${client.id}-rules`}>
        {rulesOf(client)}
      </Typography>
      <Form
        method="post"
        replace
        aria-label={`Settings of ${client.name}`}
        key={`${outcome?.id ?? 'bill'}:${saved}`}
      >
        <input type="hidden" name="intent" value="edit_client" />
        <input type="hidden" name="client_id" value={client.id} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ mt: 1.5, alignItems: { sm: 'flex-start' }, flexWrap: { sm: 'wrap' } }}
        >
          <FormSelect
            id={`client-${client.id}-bill-to`}
            name="bill_to"
            label="Invoices"
            choices={BILL_TO_CHOICES}
            defaultValue={typed?.bill_to ?? client.bill_to}
            message={outcome?.fields?.bill_to}
            sx={{ maxWidth: { sm: 320 } }}
          />
          <TextInput
            id={`client-${client.id}-limit`}
            name="monthly_limit"
            label="Monthly limit (₹, before GST, optional)"
            defaultValue={typed?.monthly_limit ?? rupeesTyped(client.monthly_limit_paise)}
            error={Boolean(outcome?.fields?.monthly_limit)}
            helperText={outcome?.fields?.monthly_limit}
            size="small"
            fullWidth
            sx={{ maxWidth: { sm: 260 } }}
            placeholder="No limit"
            // Always on the border: the long label fits there on a phone, not inside the field.
            slotProps={{
              inputLabel: { shrink: true },
              input: { notched: true },
              htmlInput: { inputMode: 'decimal', maxLength: 20 },
            }}
          />
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 1, alignItems: { sm: 'center' } }}
        >
          <FormControlLabel
            control={
              <Checkbox
                name="approval_required"
                defaultChecked={typed ? typed.approval_required === 'on' : client.approval_required}
              />
            }
            label="Needs the client's approval before booking"
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={busy}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            Save
          </Button>
        </Stack>
      </Form>
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {outcome.message}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The agency's clients (admins and planners, decision 092): each with whom its invoices bill, and a new
 * client's form (GSTIN optional, checked when given).
 */
export function ClientsSection({ clients }: { clients: AgencyClientWithSpend[] | null }) {
  const busy = useNavigation().state === 'submitting';
  const added = useOutcomeOf('add_client');
  const field = fieldsOf(added, 'client');
  const values = added && !added.ok ? (added.values ?? {}) : {};
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="clients-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="clients-heading" variant="h6" component="h2" gutterBottom>
        Clients
      </Typography>
      {!clients ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The clients could not be loaded. Please reload the page.
        </Alert>
      ) : clients.length ? (
        <Box component="ul" sx={{ p: 0, m: 0, mb: 2 }} aria-label="Clients">
          {clients.map((c) => (
            <ClientRow key={c.id} client={c} busy={busy} />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No clients yet. Add one to book for it at checkout.
        </Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Add a client
      </Typography>
      <Form method="post" replace aria-label="Add a client" key={added?.id ?? 'add-client'}>
        <input type="hidden" name="intent" value="add_client" />
        <Stack spacing={2}>
          {added?.message ? <Alert severity={added.ok ? 'success' : 'error'}>{added.message}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('name', 'Client name', { required: true })}
            {field('gstin', 'GSTIN (optional)', {
              slotProps: { htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } },
            })}
          </Stack>
          {field('address_line_1', 'Address line', { required: true })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('city', 'City', { required: true })}
            <FormSelect
              id="client-state"
              name="state"
              label="State"
              required
              choices={STATE_CHOICES}
              defaultValue={values.state ?? ''}
              message={added?.fields?.state}
            />
            {field('pin', 'PIN', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 6 } },
            })}
          </Stack>
          <FormSelect
            id="client-bill-to"
            name="bill_to"
            label="Invoices"
            choices={BILL_TO_CHOICES}
            defaultValue={values.bill_to || 'client'}
            message={added?.fields?.bill_to}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            Add client
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
