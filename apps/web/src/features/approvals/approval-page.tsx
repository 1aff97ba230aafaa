import { Alert, Box, Container, Divider, Paper, Stack, Typography } from '@mui/material';
import {
  type ApprovalLine,
  formatBookingPeriod,
  formatDateTimeIst,
  formatRupees,
  type PublicApproval,
} from '@ooh/shared';
import { useActionData } from 'react-router';
import { NotFound } from '../../components/not-found';
import type { ApprovalOutcome } from './approval-action';
import { DecisionForm } from './components/decision-form';

/** The link's state in the approver's words; who decided, and when, comes with a decided one. */
export function stateSentence(a: PublicApproval): {
  severity: 'info' | 'success' | 'error' | 'warning';
  text: string;
} {
  const by = a.decided_by_name ? ` by ${a.decided_by_name}` : '';
  const at = a.decided_at ? ` on ${formatDateTimeIst(a.decided_at)}` : '';
  switch (a.state) {
    case 'pending':
      return {
        severity: 'info',
        text: `Waiting for your decision, until ${formatDateTimeIst(a.expires_at)}.`,
      };
    case 'approved':
      return { severity: 'success', text: `Approved${by}${at}.` };
    case 'rejected':
      return { severity: 'error', text: `Rejected${by}${at}.` };
    case 'expired':
      return { severity: 'warning', text: 'This link has expired: ask the agency for a new one.' };
    default:
      return {
        severity: 'warning',
        text: 'The agency has withdrawn this link: it no longer decides anything.',
      };
  }
}

function Money({ label, rupees, strong }: { label: string; rupees: number; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
        {formatRupees(rupees)}
      </Typography>
    </Stack>
  );
}

function LineCard({ line }: { line: ApprovalLine }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 3 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.site_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {line.city} · {line.format}
          </Typography>
          <Typography variant="body2">{formatBookingPeriod(line.from_date, line.to_date)}</Typography>
        </Box>
        <Stack spacing={0.25} sx={{ minWidth: { sm: 220 } }}>
          <Money label="Price before GST" rupees={line.price} />
          <Money label="GST" rupees={line.gst} />
          <Money label="Total" rupees={line.total} strong />
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The approver's page (DESIGN 19, decision 092): who asks (the agency), for whom (the client), the plan's
 * lines priced as booking would price them, its totals, the link's state and, while it waits, the decision.
 */
export default function ApprovalPage({ approval }: { approval: PublicApproval | null }) {
  // The form's answer: a decision recorded, or the API's refusal (already decided 409, withdrawn or expired 410).
  const outcome = useActionData<ApprovalOutcome>();
  if (!approval) {
    return (
      <NotFound title="Approval link not found">
        This link is not one we know. Check that it was copied whole, or ask the agency for a new one.
      </NotFound>
    );
  }
  const state = stateSentence(approval);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" color="text.secondary">
        Plan for approval
      </Typography>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {approval.campaign_name}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <strong>{approval.agency_name}</strong> asks <strong>{approval.client_name}</strong> to approve this
        plan before booking it.
      </Typography>
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} role="alert" sx={{ mt: 2 }} key={outcome.id}>
          {outcome.message}
        </Alert>
      ) : null}
      <Alert severity={state.severity} role="status" sx={{ mt: 2 }} data-testid="approval-state">
        {state.text}
        {approval.comment ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5, whiteSpace: 'pre-wrap' }}>
            Comment: {approval.comment}
          </Box>
        ) : null}
      </Alert>

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        {approval.lines.length === 1 ? '1 site' : `${approval.lines.length} sites`}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {approval.lines.map((line) => (
          <LineCard key={`${line.product_id}-${line.from_date}`} line={line} />
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mt: 2, ml: { sm: 'auto' }, maxWidth: { sm: 320 } }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          Totals
        </Typography>
        <Money label="Before GST" rupees={approval.subtotal} />
        <Money label="GST" rupees={approval.gst} />
        <Divider sx={{ my: 0.5 }} />
        <Money label="Total" rupees={approval.total} strong />
      </Paper>

      {approval.state === 'pending' ? <DecisionForm /> : null}
    </Container>
  );
}
