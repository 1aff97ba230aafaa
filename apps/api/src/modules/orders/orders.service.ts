import { type BookedCampaign, type BookedCampaignsResponse, todayIst, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app.ts';
import { findBookedLines } from './orders.repository.ts';

/**
 * GET /booked_campaigns/: the buyer's booked lines grouped per order and campaign name. With today in IST,
 * a group is upcoming when it starts after today, completed when its (exclusive) end is today or earlier,
 * and ongoing otherwise.
 */
export async function bookedCampaigns(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
): Promise<BookedCampaignsResponse> {
  const now = deps.clock.now();
  const lines = await findBookedLines(deps.database.db, userId, now);
  const groups = new Map<string, BookedCampaign>();
  for (const line of lines) {
    const key = `${line.orderId}\u0000${line.campaignName}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        order_id: line.orderId,
        campaign: { name: line.campaignName },
        name: line.campaignName,
        price: 0,
        from_date: line.fromDate,
        to_date: line.toDate,
        status: line.status,
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push({
      product_id: line.productId,
      name: line.productName,
      campaign_id: line.campaignId,
      campaign_name: line.campaignName,
      from_date: line.fromDate,
      to_date: line.toDate,
      days: line.days,
      price: toRupees(line.pricePaise),
    });
    if (line.fromDate < group.from_date) group.from_date = line.fromDate;
    if (line.toDate > group.to_date) group.to_date = line.toDate;
  }
  const today = todayIst(now);
  const data: BookedCampaignsResponse['data'] = {
    upcoming_campaigns: [],
    ongoing_campaigns: [],
    completed_campaigns: [],
  };
  for (const group of groups.values()) {
    // Sum in paise, then convert once, so rupee fractions never drift.
    group.price = toRupees(group.items.reduce((sum, i) => sum + Math.round(i.price * 100), 0));
    if (group.from_date > today) data.upcoming_campaigns.push(group);
    else if (group.to_date <= today) data.completed_campaigns.push(group);
    else data.ongoing_campaigns.push(group);
  }
  return { data };
}
