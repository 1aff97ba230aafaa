import { Typography } from '@mui/material';
import type { AgencyClient } from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { campaignClientsKey } from '../../../lib/agency/agency-api';
import type { ApprovalRequestOutcome } from '../campaign-approval-action';

/**
 * "This campaign is for" (DESIGN 19, decision 092): an agency planner's saved campaign made for one of the
 * agency's clients, or for nobody in particular. Saved when changed, through the campaign route's action
 * (PATCH /api/agency/campaigns/{id}); Client approval then starts from this client, and Saved Campaigns says it.
 */
export function CampaignClientField({
  clients,
  clientId,
  phone,
}: {
  clients: readonly Pick<AgencyClient, 'id' | 'name'>[];
  /** The client the campaign is for now ('' for none). */
  clientId: string;
  phone: string;
}) {
  const fetcher = useFetcher<ApprovalRequestOutcome>();
  const queries = useQueryClient();
  const outcome = fetcher.data;
  // While a change is on its way, the choice sent; after, the saved one (read again below).
  const sending = fetcher.formData?.get('client_id');
  const value = typeof sending === 'string' ? sending : clientId;
  useEffect(() => {
    if (outcome?.ok) void queries.invalidateQueries({ queryKey: campaignClientsKey(phone) });
  }, [outcome, phone, queries]);
  return (
    <fetcher.Form method="post" aria-label="Whom this campaign is for">
      <input type="hidden" name="intent" value="set_campaign_client" />
      <ChoiceField
        id="campaign-client"
        name="client_id"
        label="This campaign is for"
        size="small"
        value={value}
        onChange={(next) =>
          fetcher.submit({ intent: 'set_campaign_client', client_id: next }, { method: 'post' })
        }
        choices={[
          { value: '', label: 'No client in particular' },
          ...clients.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        disabled={fetcher.state !== 'idle'}
        fullWidth
      />
      {outcome && outcome.intent === 'set_campaign_client' ? (
        <Typography
          variant="body2"
          role="status"
          color={outcome.ok ? 'text.secondary' : 'error'}
          sx={{ mt: 0.5 }}
        >
          {outcome.message}
        </Typography>
      ) : null}
    </fetcher.Form>
  );
}
