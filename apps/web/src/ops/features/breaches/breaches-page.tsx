import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { type Breach, type BreachListResponse, formatCount, formatDateTimeIst } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, type LoaderFunctionArgs, useActionData, useNavigation } from 'react-router';
import { TextInput } from '../../../components/text-input';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { opsQuery } from '../../lib/ops-api';
import { type BreachOutcome, breachAction } from './breach-action';

const breachesQuery = () => opsQuery<BreachListResponse>(['ops', 'breaches'], '/breaches');

export const meta = () => pageMeta('Breach register');
/** Rendered on the server with the register, so it reads and its forms work before scripts run. */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [breachesQuery()]);
export const action = breachAction;

const STEP_LABELS: Record<Exclude<Breach['next_step'], 'done'>, { field: string; label: string }> = {
  tell_board: { field: 'board_told_at', label: 'Data Protection Board told at' },
  tell_people: { field: 'people_told_at', label: 'Affected people told at' },
  send_report: { field: 'report_sent_at', label: 'Detailed report sent at' },
  close: { field: 'closed_at', label: 'Closed at' },
};
const STEPS: Array<[keyof Breach, string]> = [
  ['board_told_at', 'Board told'],
  ['people_told_at', 'People told'],
  ['report_sent_at', 'Report sent'],
  ['closed_at', 'Closed'],
];

function BreachCard({ breach, now, busy }: { breach: Breach; now: number; busy: boolean }) {
  const late = !breach.report_sent_at && new Date(breach.report_due_at).getTime() < now;
  const next = breach.next_step === 'done' ? null : STEP_LABELS[breach.next_step];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`breach-${breach.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h3">
          Breach #{breach.id}
        </Typography>
        {breach.closed_at ? (
          <Chip size="small" label="Closed" />
        ) : (
          <Chip size="small" color={late ? 'error' : 'warning'} label={late ? 'Report overdue' : 'Open'} />
        )}
      </Stack>
      <Typography variant="body2">
        Known {formatDateTimeIst(breach.discovered_at)} · {formatCount(breach.people_affected)} people ·
        report due {formatDateTimeIst(breach.report_due_at)}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{breach.nature}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
        Data: {breach.extent} · Likely impact: {breach.likely_impact}
      </Typography>
      {breach.measures ? (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          Measures: {breach.measures}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {STEPS.map(([field, label]) => (
          <Typography key={field} component="li" variant="body2">
            {label}: {breach[field] ? formatDateTimeIst(String(breach[field])) : 'not yet'}
          </Typography>
        ))}
      </Box>
      {next ? (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="step" />
          <input type="hidden" name="breach_id" value={breach.id} />
          <input type="hidden" name="step" value={next.field} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextInput
              name="at"
              type="datetime-local"
              label={`${next.label} (IST)`}
              required
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextInput name="measures" label="Measures taken (optional)" size="small" sx={{ flex: 1 }} />
            <Button type="submit" variant="contained" disabled={busy}>
              Record
            </Button>
          </Stack>
        </Form>
      ) : null}
    </Paper>
  );
}

/**
 * /ops/breaches: the register of personal data breaches (DPDP Rules 2025 rule 7): record one as it
 * becomes known, then the Board told, the people told, the 72-hour report, closing. Plain forms.
 */
export default function BreachesPage() {
  const register = useQuery(breachesQuery());
  const outcome = useActionData<BreachOutcome>();
  const busy = useNavigation().state === 'submitting';
  const now = Date.now();
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Breach register
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tell the Data Protection Board and each affected person without delay, and send the Board the detailed
        report within 72 hours of becoming aware (DPDP Rules 2025, rule 7).
      </Typography>
      {outcome ? (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role={outcome.ok ? 'status' : 'alert'}
          sx={{ mb: 2 }}
        >
          {outcome.message}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Record a breach
        </Typography>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="record" />
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextInput
                name="discovered_at"
                type="datetime-local"
                label="Became known at (IST)"
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextInput
                name="occurred_at"
                type="datetime-local"
                label="Happened at (IST, if known)"
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextInput
                name="people_affected"
                label="People affected"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              />
            </Stack>
            <TextInput name="nature" label="What happened" required multiline minRows={2} />
            <TextInput name="extent" label="Which data, and whose" required />
            <TextInput name="likely_impact" label="Likely impact on the people" required />
            <TextInput name="measures" label="Measures taken so far" multiline />
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                Record breach
              </Button>
            </Box>
          </Stack>
        </Form>
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Recorded
      </Typography>
      {register.isError ? <Alert severity="error">We could not load the register.</Alert> : null}
      <Stack spacing={2}>
        {(register.data?.results ?? []).map((b) => (
          <BreachCard key={b.id} breach={b} now={now} busy={busy} />
        ))}
        {register.data && register.data.results.length === 0 ? (
          <Typography color="text.secondary">No breach recorded.</Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
