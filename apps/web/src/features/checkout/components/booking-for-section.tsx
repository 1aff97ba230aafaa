import { Alert, Paper, Stack, Typography } from '@mui/material';
import { formatPaise } from '@ooh/shared';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { type BookingFor, PO_NUMBER_MAX } from '../use-booking-for';

/**
 * "Booking for" at checkout (decision 092), shown only to an agency's admin or planner: myself or one of the
 * agency's clients, and the client's PO number, printed on the invoices. `refusal`: the API's message when
 * the booking for the chosen client was refused (no approved plan, a changed one, over its monthly limit).
 */
export function BookingForSection({
  booking,
  disabled,
  refusal = null,
}: {
  booking: BookingFor;
  disabled: boolean;
  refusal?: string | null;
}) {
  if (!booking.available || !booking.agency) return null;
  const chosen = booking.clients.find((c) => String(c.id) === booking.clientId);
  // What the client's monthly limit leaves this month, as booking will count it (decision 092).
  const left =
    chosen && chosen.monthly_limit_paise !== null
      ? ` · ${formatPaise(Math.max(0, chosen.monthly_limit_paise - chosen.spent_this_month_paise))} of its monthly limit left, before GST`
      : '';
  const choices = [
    { value: '', label: 'Myself' },
    ...booking.clients.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="booking-for-heading" sx={{ p: 2.5 }}>
      <Typography id="booking-for-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Booking for
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        As {booking.agency.role === 'admin' ? 'an admin' : 'a planner'} of {booking.agency.company_name}, you
        can book for one of its clients.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ChoiceField
          id="booking-for-client"
          label="Booking for"
          value={booking.clientId}
          onChange={booking.setClientId}
          choices={choices}
          disabled={disabled}
          fullWidth
          helperText={
            booking.billed ? `Billed to ${booking.billed.text}${left}` : 'Billed to your own details'
          }
        />
        <TextInput
          id="booking-for-po"
          label="PO number (optional)"
          value={booking.poNumber}
          onChange={(e) => booking.setPoNumber(e.target.value)}
          disabled={disabled}
          fullWidth
          helperText={`Printed on the invoice; at most ${PO_NUMBER_MAX} characters`}
          slotProps={{ htmlInput: { maxLength: PO_NUMBER_MAX } }}
        />
      </Stack>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="client-refusal">
          {refusal}
        </Alert>
      ) : null}
    </Paper>
  );
}
