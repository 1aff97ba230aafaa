import type { CampaignClient, CampaignClientBody } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { requireCampaignPlanner, setCampaignClient } from '../modules/agencies/campaign-clients.service.ts';
import { requireSavedCampaign } from '../modules/customized-campaigns/customized-campaigns.service.ts';
import type { AuthUser } from '../plugins/auth-user.ts';

/*
 * A saved campaign made for a client (DESIGN 19, decision 092 third pass). Steps:
 * 1. agencies: the caller is an admin or planner of an agency (approver 403, none 404), whatever the id;
 * 2. customized-campaigns: the campaign is the caller's own saved one (404 otherwise, nothing written);
 * 3. agencies: the client is that agency's (404 otherwise); the link written, or removed for
 *    `client_id: null`.
 */
export async function putCampaignClient(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  user: AuthUser,
  campaignId: number,
  body: CampaignClientBody,
): Promise<CampaignClient> {
  await requireCampaignPlanner(deps.database.db, user);
  await requireSavedCampaign(deps, user, campaignId);
  return setCampaignClient({ db: deps.database.db, clock: deps.clock }, user, campaignId, body.client_id);
}
