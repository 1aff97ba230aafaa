import type { CampaignClient } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { findClient } from './agencies.repository.ts';
import { type AgencyActor, agencyOf } from './agencies.service.ts';
import {
  deleteCampaignClient,
  listCampaignClients,
  upsertCampaignClient,
} from './campaign-clients.repository.ts';

/*
 * A planner's saved campaign made for one of the agency's clients (DESIGN 19, decision 092 third pass).
 * The campaign stays the planner's (customized-campaigns checks that, in the workflow); the link is the
 * agency's: an admin or planner sets it to a client of their agency (another's 404, an approver 403).
 */

const PLANNERS = ['admin', 'planner'] as const;

/**
 * The caller's role first (an approver 403, someone of no agency 404), before anything of the campaign is
 * looked at, as asking for an approval does: the answer never depends on whose campaign an id is.
 */
export async function requireCampaignPlanner(db: Db, user: AgencyActor): Promise<void> {
  await agencyOf(db, user, PLANNERS);
}

/** PATCH /api/agency/campaigns/{id}, once the workflow has checked the campaign is the caller's. */
export async function setCampaignClient(
  deps: { db: Db; clock: Clock },
  user: AgencyActor,
  campaignId: number,
  clientId: number | null,
): Promise<CampaignClient> {
  const { agency } = await agencyOf(deps.db, user, PLANNERS);
  if (clientId === null) {
    await inTransaction(deps.db, (tx) => deleteCampaignClient(tx, campaignId));
    return { campaign_id: campaignId, client_id: null, client_name: null };
  }
  const client = await findClient(deps.db, agency.id, clientId);
  if (!client) throw notFound('Client');
  await inTransaction(deps.db, (tx) =>
    upsertCampaignClient(tx, {
      campaignId,
      agencyId: agency.id,
      clientId: client.id,
      setByUserId: user.id,
      updatedAt: deps.clock.now(),
    }),
  );
  return { campaign_id: campaignId, client_id: client.id, client_name: client.name };
}

/** GET /api/agency/campaigns: the caller's campaigns that are for one of the agency's clients. */
export async function campaignClients(db: Db, user: AgencyActor): Promise<CampaignClient[]> {
  const { agency } = await agencyOf(db, user, PLANNERS);
  return (await listCampaignClients(db, agency.id, user.id)).map((r) => ({
    campaign_id: r.campaignId,
    client_id: r.clientId,
    client_name: r.clientName,
  }));
}
