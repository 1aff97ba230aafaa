import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencyCampaignClients, agencyClients } from '../../db/schema.ts';

/** The campaign-for-a-client links (decision 092, migration 0044); only the agencies module writes them. */

export async function upsertCampaignClient(tx: Db, values: typeof agencyCampaignClients.$inferInsert) {
  await tx
    .insert(agencyCampaignClients)
    .values(values)
    .onConflictDoUpdate({
      target: agencyCampaignClients.campaignId,
      set: {
        agencyId: values.agencyId,
        clientId: values.clientId,
        setByUserId: values.setByUserId,
        updatedAt: values.updatedAt,
      },
    });
}

export async function deleteCampaignClient(tx: Db, campaignId: number): Promise<void> {
  await tx.delete(agencyCampaignClients).where(eq(agencyCampaignClients.campaignId, campaignId));
}

/** The planner's campaigns of this agency that are for a client, with the client's name. */
export async function listCampaignClients(db: Db, agencyId: number, userId: number) {
  return db
    .select({
      campaignId: agencyCampaignClients.campaignId,
      clientId: agencyCampaignClients.clientId,
      clientName: agencyClients.name,
    })
    .from(agencyCampaignClients)
    .innerJoin(agencyClients, eq(agencyClients.id, agencyCampaignClients.clientId))
    .where(and(eq(agencyCampaignClients.agencyId, agencyId), eq(agencyCampaignClients.setByUserId, userId)))
    .orderBy(agencyCampaignClients.campaignId);
}
