import { type CampaignFigures, campaignPlanFigures, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { findCampaignsByIds } from './campaigns.repository.ts';
import { loadCampaignView } from './campaigns.service.ts';

/**
 * GET /api/campaigns/{id}/figures (DESIGN section 20, decision 080): impressions, CPM and the model's reach
 * and frequency estimates of a campaign's live sites, by the shared campaignPlanFigures the pages use.
 * A standard campaign is anyone's to read; a customized one only its owner's, and anyone else's id
 * answers 404 as an unknown one does.
 */
export async function campaignFigures(
  db: Db,
  clock: Clock,
  id: number,
  userId: number | undefined,
): Promise<CampaignFigures> {
  const [campaign] = await findCampaignsByIds(db, [id]);
  const visible =
    campaign && (campaign.type === 'standard' || (userId !== undefined && campaign.userId === userId));
  if (!visible) throw notFound('Campaign');
  const view = await loadCampaignView(db, clock, id);
  const { cost_paise, ...figures } = campaignPlanFigures(view?.products ?? []);
  return { ...figures, cost: toRupees(cost_paise) };
}
