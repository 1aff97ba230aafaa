import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  addDays,
  formatBookingPeriod,
  formatRupees,
  MAX_PROPOSAL_VALIDITY_DAYS,
  type PartnerBriefList,
  todayIst,
} from '@ooh/shared';
import { Form, type LoaderFunctionArgs, useActionData, useLoaderData, useNavigation } from 'react-router';
import { TextInput } from '../../../components/text-input';
import { signedInLoad } from '../../../lib/signed-in-loader';
import { partnerMeta } from '../../lib/partner-meta';
import { type PartnerBriefOutcome, partnerBriefsAction } from './partner-brief-actions';

export const meta = partnerMeta('Briefs');

/** Open briefs matching the owner's live sites, rendered on the server; proposing and answering is the action. */
export async function loader(args: LoaderFunctionArgs) {
  const [list] = await signedInLoad<[PartnerBriefList]>(args, ['/api/partner/briefs']);
  return { list };
}
export const action = partnerBriefsAction;

type Brief = PartnerBriefList['results'][number];
const lastDay = (to: string) => addDays(to, -1);

function Said({ outcome, form }: { outcome?: PartnerBriefOutcome; form: string }) {
  if (outcome?.form !== form) return null;
  if (outcome.message) return <Alert severity="error">{outcome.message}</Alert>;
  return outcome.done ? <Alert severity="success">{outcome.done}</Alert> : null;
}

function ProposalForm({
  brief,
  outcome,
  busy,
}: {
  brief: Brief;
  outcome?: PartnerBriefOutcome;
  busy: boolean;
}) {
  const today = todayIst(new Date());
  return (
    <Form method="post" aria-label={`Propose on ${brief.name}`}>
      <input type="hidden" name="intent" value="propose" />
      <input type="hidden" name="id" value={brief.id} />
      <Stack spacing={1.5}>
        <Said outcome={outcome} form={`propose:${brief.id}`} />
        {brief.matching_sites.map((s) => (
          <Box key={s.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <FormControlLabel
              control={<Checkbox name="product_id" value={s.id} defaultChecked />}
              label={`${s.name} (${s.site_code})`}
              sx={{ overflowWrap: 'anywhere' }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <TextInput
                name={`from_${s.id}`}
                label="First day"
                type="date"
                size="small"
                defaultValue={brief.from_date}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextInput
                name={`to_${s.id}`}
                label="Last day"
                type="date"
                size="small"
                defaultValue={lastDay(brief.to_date)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextInput
                name={`price_${s.id}`}
                label="Price for the dates (₹, before GST)"
                size="small"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
          </Box>
        ))}
        <TextInput
          name="valid_until"
          label={`Valid until (at most ${MAX_PROPOSAL_VALIDITY_DAYS} days)`}
          type="date"
          size="small"
          required
          defaultValue={addDays(today, 7)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: today, max: addDays(today, MAX_PROPOSAL_VALIDITY_DAYS) },
          }}
          error={Boolean(outcome?.form === `propose:${brief.id}` && outcome.fields?.valid_until)}
          helperText={outcome?.form === `propose:${brief.id}` ? outcome.fields?.valid_until : undefined}
        />
        <TextInput
          name="notes"
          label="Notes (printing, mounting, conditions)"
          size="small"
          multiline
          minRows={2}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Send proposal
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

function OwnProposal({
  brief,
  outcome,
  busy,
}: {
  brief: Brief;
  outcome?: PartnerBriefOutcome;
  busy: boolean;
}) {
  const p = brief.proposal!;
  const countered = p.lines.filter((l) => l.status === 'open' && l.turn === 'owner');
  const live = p.status === 'open' || p.status === 'accepted';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">Your proposal</Typography>
        <Chip size="small" label={p.status} />
        <Typography variant="body2">
          <a href={`/api/partner/proposals/${p.id}/proposal.pdf`} download={`proposal-${p.id}.pdf`}>
            PDF
          </a>
        </Typography>
      </Stack>
      <Said outcome={outcome} form={`propose:${brief.id}`} />
      <Said outcome={outcome} form={`accept:${p.id}`} />
      <Said outcome={outcome} form={`counter:${p.id}`} />
      <Said outcome={outcome} form={`decline:${p.id}`} />
      {p.lines.map((l) => (
        <Box key={l.id}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <strong>{l.name}</strong> · {formatBookingPeriod(l.from_date, l.to_date)} ·{' '}
            {formatRupees(l.price)} ·{' '}
            {l.status === 'open'
              ? l.turn === 'owner'
                ? 'the buyer countered: your answer'
                : 'waiting for the buyer'
              : l.status}
          </Typography>
          {live && l.status === 'open' && l.turn === 'owner' ? (
            <>
              <input type="hidden" name="line_id" value={l.id} form={`counter-${p.id}`} />
              <TextInput
                name={`price_${l.id}`}
                label="Counter (₹)"
                size="small"
                slotProps={{ htmlInput: { form: `counter-${p.id}`, inputMode: 'decimal' } }}
                sx={{ mt: 1, maxWidth: 180, display: 'flex' }}
              />
            </>
          ) : null}
        </Box>
      ))}
      {live && countered.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(['accept', 'counter', 'decline'] as const).map((intent) => (
            <Form key={intent} method="post" id={`${intent}-${p.id}`}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="id" value={p.id} />
              <Button
                type="submit"
                size="small"
                variant={intent === 'accept' ? 'contained' : 'outlined'}
                color={intent === 'decline' ? 'error' : 'primary'}
                disabled={busy}
              >
                {{ accept: 'Accept counters', counter: 'Send counter', decline: 'Decline counters' }[intent]}
              </Button>
            </Form>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The owner's Briefs (decision 086): matching briefs, a proposal form of own live sites, counters answered. */
export default function PartnerBriefsPage() {
  const { list } = useLoaderData<typeof loader>();
  const outcome = useActionData<PartnerBriefOutcome>();
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Briefs
      </Typography>
      <Typography color="text.secondary">
        Buyers' briefs matching your live sites by city and format. Answer with a proposal: your price for
        each site and its dates replaces the rate card's.
      </Typography>
      {!list ? (
        <Alert severity="warning">The briefs could not be loaded. Please reload the page.</Alert>
      ) : null}
      {list && !list.results.length ? (
        <Typography color="text.secondary">No open briefs match your sites right now.</Typography>
      ) : null}
      {list?.results.map((b) => (
        <Paper key={b.id} variant="outlined" component="article" aria-label={b.name} sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {b.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {b.cities.join(', ')}
            {b.formats.length ? ` · ${b.formats.join(', ')}` : ''} ·{' '}
            {formatBookingPeriod(b.from_date, b.to_date)} · budget {formatRupees(b.budget)} · answer by{' '}
            {b.respond_by}
          </Typography>
          {b.objective ? <Typography variant="body2">Objective: {b.objective}</Typography> : null}
          {b.notes ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {b.notes}
            </Typography>
          ) : null}
          <Divider sx={{ my: 1.5 }} />
          {b.proposal && b.proposal.status !== 'declined' && b.proposal.status !== 'expired' ? (
            <OwnProposal brief={b} outcome={outcome} busy={busy} />
          ) : (
            <ProposalForm brief={b} outcome={outcome} busy={busy} />
          )}
        </Paper>
      ))}
    </Stack>
  );
}
