import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { AgencyClient, BillTo } from '@ooh/shared';
import { Form, useNavigation } from 'react-router';
import { STATE_CHOICES } from './create-agency-form';
import { FormSelect, fieldsOf, useOutcomeOf } from './form-fields';

export const BILL_TO_LABELS: Record<BillTo, string> = {
  client: 'Bill the client (through the agency)',
  agency: 'Bill the agency (for the client)',
};
const BILL_TO_CHOICES = (['client', 'agency'] as const).map((v) => ({ value: v, label: BILL_TO_LABELS[v] }));

function ClientRow({ client, busy }: { client: AgencyClient; busy: boolean }) {
  const outcome = useOutcomeOf(`edit_client:${client.id}`);
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
      <Form method="post" replace aria-label={`Billing of ${client.name}`} key={outcome?.id ?? 'bill'}>
        <input type="hidden" name="intent" value="edit_client" />
        <input type="hidden" name="client_id" value={client.id} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
        >
          <FormSelect
            id={`client-${client.id}-bill-to`}
            name="bill_to"
            label="Invoices"
            choices={BILL_TO_CHOICES}
            defaultValue={client.bill_to}
            message={outcome?.fields?.bill_to}
            sx={{ maxWidth: { sm: 360 } }}
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
export function ClientsSection({ clients }: { clients: AgencyClient[] | null }) {
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
