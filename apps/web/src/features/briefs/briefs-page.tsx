import { Alert, Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { type AgencyClient, type BriefList, formatBookingPeriod, formatRupees } from '@ooh/shared';
import { Form, Link as RouterLink, useActionData, useNavigation } from 'react-router';
import { ChoiceField } from '../../components/choice-field';
import { TextInput } from '../../components/text-input';
import type { BriefOutcome } from './brief-actions';

/**
 * Briefs (decision 086): the buyer's briefs and the form to post one. A native form (React Router
 * <Form>, the route's action), so it works before the scripts have run.
 */
export default function BriefsPage({
  briefs,
  clients = [],
}: {
  briefs: BriefList | null;
  /** The agency's clients, for its admins and planners (decision 092); empty for anyone else. */
  clients?: Pick<AgencyClient, 'id' | 'name'>[];
}) {
  const outcome = useActionData<BriefOutcome>();
  const busy = useNavigation().state === 'submitting';
  const v = outcome?.values ?? {};
  const err = (name: string) => outcome?.fields?.[name];
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      name={name}
      label={label}
      defaultValue={v[name] ?? ''}
      error={Boolean(err(name))}
      helperText={err(name)}
      fullWidth
      size="small"
      {...extra}
    />
  );
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Briefs
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tell media owners what you need; those with matching sites answer with proposals you can compare,
        counter and accept.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Post a brief
          </Typography>
          <Form method="post" aria-label="Post a brief">
            <Stack spacing={2}>
              {outcome?.form === 'post' && outcome.message ? (
                <Alert severity="error">{outcome.message}</Alert>
              ) : null}
              {field('name', 'Campaign name', { required: true })}
              {clients.length ? (
                // Uncontrolled (defaultValue): a client picked before the scripts run stays picked and is sent.
                <ChoiceField
                  name="client_id"
                  label="For client"
                  size="small"
                  fullWidth
                  defaultValue={v.client_id ?? ''}
                  error={Boolean(err('client_id'))}
                  helperText={
                    err('client_id') ??
                    'Its proposals book for the client: its billing, limit and purchase order.'
                  }
                  choices={[
                    { value: '', label: 'Myself (no client)' },
                    ...clients.map((c) => ({ value: String(c.id), label: c.name })),
                  ]}
                />
              ) : null}
              {field('cities', 'Cities (comma separated)', { required: true, placeholder: 'Mumbai, Pune' })}
              {field('formats', 'Formats (comma separated, empty for any)', {
                placeholder: 'Hoarding, Gantry',
              })}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('from_date', 'First day', {
                  type: 'date',
                  required: true,
                  slotProps: { inputLabel: { shrink: true } },
                })}
                {field('to_date', 'Last day', {
                  type: 'date',
                  required: true,
                  slotProps: { inputLabel: { shrink: true } },
                })}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('budget', 'Budget (₹, before GST)', {
                  required: true,
                  slotProps: { htmlInput: { inputMode: 'decimal' } },
                })}
                {field('respond_by', 'Answers by', {
                  type: 'date',
                  required: true,
                  slotProps: { inputLabel: { shrink: true } },
                })}
              </Stack>
              {field('objective', 'Objective', { placeholder: 'Awareness, launch, footfall…' })}
              {field('notes', 'Notes', { multiline: true, minRows: 3 })}
              <Button type="submit" variant="contained" disabled={busy}>
                Post brief
              </Button>
            </Stack>
          </Form>
        </Paper>
        <Stack spacing={2} component="section" aria-label="Your briefs">
          <Typography variant="h6" component="h2">
            Your briefs
          </Typography>
          {!briefs ? (
            <Alert severity="warning">Your briefs could not be loaded. Please reload the page.</Alert>
          ) : null}
          {briefs && !briefs.results.length ? (
            <Typography color="text.secondary">
              No briefs yet. Post one to ask owners for proposals.
            </Typography>
          ) : null}
          {briefs?.results.map((b) => (
            <Paper key={b.id} variant="outlined" sx={{ p: 2 }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'start' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    component={RouterLink}
                    to={`/briefs/${b.id}`}
                    variant="subtitle1"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {b.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {b.cities.join(', ')} · {formatBookingPeriod(b.from_date, b.to_date, { withDays: false })}{' '}
                    · budget {formatRupees(b.budget)}
                    {b.client_name ? ` · for ${b.client_name}` : ''}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={`${b.proposals} proposal${b.proposals === 1 ? '' : 's'}`}
                  color={b.proposals ? 'primary' : 'default'}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Box>
    </Container>
  );
}
