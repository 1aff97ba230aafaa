import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useFetcher } from 'react-router';
import { ApprovalLinkList, NewApprovalLink } from '../../../components/approvals/approval-links';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import {
  booksForClients,
  useAgencyClients,
  useCampaignClients,
  useMyAgency,
} from '../../../lib/agency/agency-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { campaignApprovalsKey, useCampaignApprovals } from '../api/campaign-approvals';
import type { ApprovalRequestOutcome } from '../campaign-approval-action';
import { CampaignClientField } from './campaign-client-field';

/**
 * "Client approval" on a saved customized campaign (DESIGN 19, decision 092), for an agency's admin or
 * planner: ask one of the agency's clients to approve the plan (a link for their approver, who needs no
 * account; its token is shown this once), and the campaign's links with their states, a waiting one
 * withdrawable. Its forms are the campaign route's action (campaign-approval-action.ts).
 */
export function ClientApprovalSection({
  campaignId,
  customized,
}: {
  campaignId: number;
  customized: boolean;
}) {
  const { currentUser, isAuthenticated } = useAuth();
  const phone = currentUser?.phone_number;
  const agency = useMyAgency(phone, isAuthenticated && customized).data;
  const allowed = customized && booksForClients(agency);
  const clients = useAgencyClients(phone, allowed).data ?? [];
  const links = useCampaignApprovals(phone, campaignId, allowed);
  const forClient = useCampaignClients(phone, allowed).data?.get(campaignId);
  const campaignClient = forClient?.client_id ? String(forClient.client_id) : '';
  const fetcher = useFetcher<ApprovalRequestOutcome>();
  const queries = useQueryClient();
  const [clientId, setClientId] = useState('');
  const outcome = fetcher.data;

  // Each answer changes the list (a new link, one withdrawn): read it again.
  useEffect(() => {
    if (outcome?.id && phone)
      void queries.invalidateQueries({ queryKey: campaignApprovalsKey(phone, campaignId) });
  }, [outcome?.id, phone, campaignId, queries]);

  if (!allowed) return null;
  const busy = fetcher.state !== 'idle';
  // The client asked for: the one chosen here, else the one the campaign is for.
  const asked = clientId || campaignClient;
  const chosen = clients.some((c) => String(c.id) === asked) ? asked : '';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="client-approval-heading"
      sx={{ p: 2.5, mt: 2 }}
    >
      <Typography id="client-approval-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Client approval
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Send the client&apos;s approver a link to this plan: they approve or reject it without an account. A
        client that needs approval can be booked for only once it approves the plan as it is.
      </Typography>
      {clients.length === 0 ? (
        <Typography variant="body2">
          Add the client on{' '}
          <Link component={RouterLink} to="/agency">
            your agency&apos;s page
          </Link>{' '}
          first.
        </Typography>
      ) : (
        <Box sx={{ mb: 2, maxWidth: 420 }}>
          <CampaignClientField clients={clients} clientId={campaignClient} phone={phone ?? ''} />
        </Box>
      )}
      {clients.length === 0 ? null : (
        <fetcher.Form method="post" aria-label="Ask for approval">
          <input type="hidden" name="intent" value="ask_approval" />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <ChoiceField
              id="approval-client"
              name="client_id"
              label="Client"
              value={chosen}
              onChange={setClientId}
              choices={[
                { value: '', label: 'Choose a client', disabled: true },
                ...clients.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              size="small"
              sx={{ flex: 1, minWidth: 0 }}
            />
            <TextInput
              name="approver_email"
              type="email"
              label="Approver's email (optional)"
              helperText="We email them the link; or copy it below"
              autoComplete="email"
              size="small"
              slotProps={{ htmlInput: { maxLength: 254 } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" variant="contained" disabled={busy || !chosen} sx={{ flexShrink: 0 }}>
              Ask for approval
            </Button>
          </Stack>
        </fetcher.Form>
      )}
      {outcome && !outcome.ok ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {outcome.message}
        </Alert>
      ) : null}
      {outcome?.ok && outcome.created ? <NewApprovalLink created={outcome.created} /> : null}
      {outcome?.ok && outcome.intent === 'withdraw_approval' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {outcome.message}
        </Alert>
      ) : null}
      <ApprovalLinkList
        heading="Links for this campaign"
        approvals={links.data ?? []}
        withdraw={(a) => (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="withdraw_approval" />
            <input type="hidden" name="approval_id" value={a.id} />
            <Button type="submit" size="small" color="error" disabled={busy}>
              Withdraw
            </Button>
          </fetcher.Form>
        )}
      />
    </Paper>
  );
}
