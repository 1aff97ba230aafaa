import { type CampaignFigures, campaignMinDays, daysBetween, planFigures, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findCampaignEntries, findCampaignsByIds } from './campaigns.repository.ts';
import { pricesOf, sourcesOf } from './campaigns.service.ts';

/**
 * GET /api/campaigns/{id}/figures (DESIGN section 20, decision 080): impressions, CPM and the model's reach
 * and frequency estimates of a campaign's live sites. A standard campaign is anyone's to read; a customized
 * one only its owner's, and anyone else's id answers 404 as an unknown one does.
 *
 * Each line counts the days it is priced for: its own dates, or the campaign's minimum run without them
 * (campaignLinePaise, docs/product-rules.md section 3a), so the CPM's cost and impressions cover the same days.
 */
export async function campaignFigures(
  db: Db,
  id: number,
  userId: number | undefined,
): Promise<CampaignFigures> {
  const [campaign] = await findCampaignsByIds(db, [id]);
  const visible =
    campaign && (campaign.type === 'standard' || (userId !== undefined && campaign.userId === userId));
  if (!visible) throw notFound('Campaign');
  const rows = await findCampaignEntries(db, [id]);
  const prices = pricesOf(rows);
  const run = campaignMinDays(rows.map((r) => ({ booking_duration: r.bookingDuration })));
  const lines = rows.map((r, i) => ({
    daily_impressions: r.impression,
    days: r.fromDate && r.toDate ? daysBetween(r.fromDate, r.toDate) : run,
    format: r.categoryName,
    city: r.city,
    cost_paise: prices[i],
  }));
  const figures = planFigures(lines);
  const counted = rows.filter((r) => r.impression !== null && r.impression > 0);
  const cost = lines.reduce((sum, l) => sum + (l.daily_impressions ? l.cost_paise : 0), 0);
  return {
    ...figures,
    cost: toRupees(cost),
    lines: rows.length,
    sources: sourcesOf(counted),
  };
}
