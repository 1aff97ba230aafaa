import { Alert, Box, Button, Checkbox, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import {
  type Approval,
  formatAudience,
  formatBookingPeriod,
  formatDateTimeIst,
  formatRupees,
  type Proposal,
} from '@ooh/shared';
import { Form, Link as RouterLink } from 'react-router';
import { PlanFiguresView } from '../../components/plan-figures';
import { TextInput } from '../../components/text-input';
import type { BriefOutcome } from './brief-actions';
import { ProposalApproval } from './proposal-approval';
import { Hidden } from './proposal-form-fields';

const STATUS: Record<
  Proposal['status'],
  { label: string; color: 'default' | 'primary' | 'success' | 'error' | 'warning' }
> = {
  open: { label: 'Open', color: 'primary' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  booked: { label: 'Booked', color: 'success' },
  expired: { label: 'Lapsed', color: 'warning' },
};

const ACTION_WORDS = {
  offer: 'offered',
  counter: 'countered',
  accept: 'accepted',
  decline: 'declined',
} as const;

export function ProposalCard({
  p,
  outcome,
  busy,
  clientName,
  approvalRequired,
  approvals,
}: {
  p: Proposal;
  outcome?: BriefOutcome;
  busy: boolean;
  /** The agency client the brief is for (decision 092), whom booking it bills; null for the buyer's own. */
  clientName: string | null;
  /** Whether that client approves plans before booking. */
  approvalRequired: boolean;
  /** The agency's approval links of this proposal, newest first. */
  approvals: Approval[];
}) {
  const live = p.status === 'open' || p.status === 'accepted';
  const mine = p.lines.filter((l) => l.status === 'open' && l.turn === 'buyer');
  const said = outcome?.form?.endsWith(`:${p.id}`) ? outcome : undefined;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Proposal from ${p.owner.name}`}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'start', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {p.owner.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Valid until {formatDateTimeIst(new Date(p.valid_until))} IST
          </Typography>
          <Typography variant="body2">
            {/* A plain link: the PDF is the server's, with the session cookie, before or after scripts run. */}
            <a href={`/api/proposals/${p.id}/proposal.pdf`} download={`proposal-${p.id}.pdf`}>
              Proposal (PDF)
            </a>
          </Typography>
        </Box>
        <Chip size="small" label={STATUS[p.status].label} color={STATUS[p.status].color} />
      </Stack>
      {p.notes ? (
        <Typography variant="body2" sx={{ mb: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {p.notes}
        </Typography>
      ) : null}
      {said?.message ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {said.message}
        </Alert>
      ) : null}
      {said?.done ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {said.done}
        </Alert>
      ) : null}
      <Stack divider={<Divider flexItem />} spacing={1.5}>
        {p.lines.map((l) => {
          const history = p.offers.filter((o) => o.line_id === l.id);
          const answerable = live && l.status === 'open' && l.turn === 'buyer';
          return (
            <Box key={l.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'start' }}>
                {answerable ? (
                  <Checkbox
                    name="line_id"
                    value={l.id}
                    defaultChecked
                    slotProps={{
                      input: { form: `accept-${p.id}`, 'aria-label': `Accept ${l.name}` } as object,
                    }}
                    sx={{ p: 0.5 }}
                  />
                ) : null}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {l.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      ({l.site_code})
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {l.city} · {l.format} · {formatBookingPeriod(l.from_date, l.to_date)}
                  </Typography>
                  <Typography variant="body2">
                    <strong>{formatRupees(l.price)}</strong>
                    {l.list_price !== l.price ? (
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ ml: 1, textDecoration: 'line-through' }}
                      >
                        {formatRupees(l.list_price)}
                      </Typography>
                    ) : null}
                    {l.audience ? ` · ${formatAudience(l.audience)}` : ''}
                    {l.cpm !== null ? ` · CPM ${formatRupees(l.cpm)}` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {l.status === 'open'
                      ? l.turn === 'buyer'
                        ? 'Your answer'
                        : "Waiting for the owner's answer"
                      : l.status[0].toUpperCase() + l.status.slice(1)}
                    {history.length > 1
                      ? ` · ${history.map((o) => `${o.side} ${ACTION_WORDS[o.action]} ${formatRupees(o.price)}`).join(' → ')}`
                      : ''}
                  </Typography>
                  {answerable ? (
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
                  {live && l.status === 'open' ? (
                    <Form method="post">
                      <Hidden intent="decline_line" id={p.id} />
                      <input type="hidden" name="line_id" value={l.id} />
                      <Button
                        type="submit"
                        color="error"
                        size="small"
                        disabled={busy}
                        aria-label={`Decline ${l.name}`}
                        sx={{ mt: 0.5, px: 0.5 }}
                      >
                        Decline this line
                      </Button>
                    </Form>
                  ) : null}
                </Box>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Divider sx={{ my: 1.5 }} />
      <Typography variant="body2">
        All lines: {formatRupees(p.totals.subtotal)} + GST {formatRupees(p.totals.gst)} ={' '}
        <strong>{formatRupees(p.totals.total)}</strong>
      </Typography>
      {p.accepted_totals.subtotal > 0 ? (
        <Typography variant="body2">
          Accepted: {formatRupees(p.accepted_totals.subtotal)} + GST {formatRupees(p.accepted_totals.gst)} ={' '}
          <strong>{formatRupees(p.accepted_totals.total)}</strong>
        </Typography>
      ) : null}
      {p.totals.kind === 'estimate' ? (
        <Typography variant="caption" color="text.secondary">
          GST estimated: add your billing state in your profile.
        </Typography>
      ) : null}
      <Box sx={{ mt: 1.5 }}>
        {/* The lines standing, at their standing prices: compare proposals on delivery and CPM too. */}
        <PlanFiguresView figures={p.figures} headingId={`proposal-${p.id}-figures`} />
      </Box>
      {clientName && p.status === 'accepted' ? (
        <ProposalApproval
          p={p}
          clientName={clientName}
          required={approvalRequired}
          approvals={approvals}
          said={said}
          busy={busy}
        />
      ) : null}
      {live ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {mine.length ? (
            <>
              <Form method="post" id={`accept-${p.id}`}>
                <Hidden intent="accept" id={p.id} />
                <Button type="submit" variant="contained" size="small" disabled={busy}>
                  Accept selected
                </Button>
              </Form>
              <Form method="post" id={`counter-${p.id}`}>
                <Hidden intent="counter" id={p.id} />
                <Button type="submit" variant="outlined" size="small" disabled={busy}>
                  Send counter
                </Button>
              </Form>
            </>
          ) : null}
          {p.status === 'accepted' ? (
            <Form method="post" aria-label={`Book the accepted lines from ${p.owner.name}`}>
              <Hidden intent="book" id={p.id} />
              <input type="hidden" name="amount" value={p.accepted_totals.subtotal} />
              {clientName ? (
                <Stack spacing={1} sx={{ mb: 1 }}>
                  <Typography variant="body2">
                    Books for <strong>{clientName}</strong>: billed as the client's profile says, within its
                    monthly limit.
                  </Typography>
                  <TextInput
                    name="po_number"
                    label="PO number (optional)"
                    size="small"
                    defaultValue={said?.values?.po_number ?? ''}
                    error={Boolean(said?.fields?.po_number)}
                    helperText={said?.fields?.po_number ?? 'Printed on the invoices.'}
                    slotProps={{ htmlInput: { maxLength: 40 } }}
                    sx={{ maxWidth: 260 }}
                  />
                </Stack>
              ) : null}
              <Button type="submit" variant="contained" color="success" size="small" disabled={busy}>
                Book accepted
              </Button>
            </Form>
          ) : (
            <Form method="post">
              <Hidden intent="decline" id={p.id} />
              <Button type="submit" color="error" size="small" disabled={busy}>
                Decline
              </Button>
            </Form>
          )}
        </Stack>
      ) : null}
      {p.order_id ? (
        <Button component={RouterLink} to={`/my-orders/${p.order_id}`} size="small" sx={{ mt: 1 }}>
          Open order #{p.order_id}
        </Button>
      ) : null}
    </Paper>
  );
}
