import { Box, Button, Stack, Typography } from '@mui/material';
import type { Approval, Proposal } from '@ooh/shared';
import { Form } from 'react-router';
import { ApprovalLinkList, NewApprovalLink } from '../../components/approvals/approval-links';
import { TextInput } from '../../components/text-input';
import type { BriefOutcome } from './brief-actions';
import { Hidden } from './proposal-form-fields';

/**
 * A client brief's accepted proposal (decision 092): a client that signs off plans first approves these
 * lines at their agreed prices through a link for its approver before they can be booked; any other client
 * may be asked too. The link is shown once; the links asked list with their states.
 */
export function ProposalApproval({
  p,
  clientName,
  required,
  approvals,
  said,
  busy,
}: {
  p: Proposal;
  clientName: string;
  required: boolean;
  approvals: Approval[];
  said?: BriefOutcome;
  busy: boolean;
}) {
  const latest = approvals[0];
  const approved = latest?.state === 'approved';
  return (
    <Box
      component="section"
      aria-label={`Client approval of the proposal from ${p.owner.name}`}
      sx={{ mt: 1.5 }}
    >
      <Typography variant="subtitle2" component="h3">
        Client approval
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {required
          ? approved
            ? `${clientName} approved these lines at these prices: they can be booked.`
            : `${clientName} approves plans before booking: send its approver a link to approve the accepted lines at their agreed prices.`
          : `${clientName} books without approval; you may still ask its approver to sign these lines off.`}
      </Typography>
      {said?.created ? <NewApprovalLink created={said.created} href={said.created.href} /> : null}
      {approved && !said?.created ? null : (
        <Form method="post" aria-label={`Ask ${clientName} to approve`}>
          <Hidden intent="ask_approval" id={p.id} />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 1, alignItems: { sm: 'start' } }}
          >
            <TextInput
              name="approver_email"
              type="email"
              label="Approver's email (optional)"
              size="small"
              defaultValue={said?.values?.approver_email ?? ''}
              error={Boolean(said?.fields?.approver_email)}
              helperText={said?.fields?.approver_email ?? 'Without one, copy the link and send it yourself.'}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="submit"
              variant="outlined"
              size="small"
              disabled={busy}
              sx={{ flexShrink: 0, mt: { sm: 0.5 } }}
            >
              Ask for approval
            </Button>
          </Stack>
        </Form>
      )}
      <ApprovalLinkList
        heading="Approval links for this proposal"
        approvals={approvals}
        withdraw={(a) => (
          <Form method="post">
            <Hidden intent="withdraw_approval" id={p.id} />
            <input type="hidden" name="approval_id" value={a.id} />
            <Button type="submit" size="small" color="error" disabled={busy}>
              Withdraw
            </Button>
          </Form>
        )}
      />
    </Box>
  );
}
