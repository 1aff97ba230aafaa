import { type BookedCampaign, type BookedCampaignsResponse, todayIst, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { orderLedgersOf } from './order-ledger.service.ts';
import { findBookedLines } from './orders.repository.ts';

type Line = Awaited<ReturnType<typeof findBookedLines>>[number];

/**
 * GET /booked_campaigns/: the buyer's orders grouped per order and campaign name, each with its share of
 * the total with GST, the processed refunds and the net (issue 19: one truth per order). With today in
 * IST, a group is upcoming when it starts after today, completed when its (exclusive) end is today or
 * earlier, and ongoing otherwise; an unpaid order holding its sites is always upcoming.
 */
export async function bookedCampaigns(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
): Promise<BookedCampaignsResponse> {
  const now = deps.clock.now();
  const db = deps.database.db;
  const lines = await findBookedLines(db, userId, now);
  const byOrder = new Map<number, Line[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  // The one ledger read model (decision 065), every order of the list at once: no query per order.
  const ledgers = await orderLedgersOf(db, [...byOrder.keys()]);

  const groups: Array<BookedCampaign & { unpaid: boolean }> = [];
  for (const [orderId, orderLines] of byOrder) {
    const ledger = ledgers.get(orderId)!;
    const lineOf = new Map(ledger.lines.map((l) => [l.id, l]));
    const byName = new Map<string, Line[]>();
    for (const l of orderLines) byName.set(l.campaignName, [...(byName.get(l.campaignName) ?? []), l]);
    for (const [name, group] of byName) {
      const share = (key: 'sharePaise' | 'refundedPaise') =>
        group.reduce((s, l) => s + (lineOf.get(l.lineId)?.[key] ?? 0), 0);
      const total = share('sharePaise');
      const refunded = share('refundedPaise');
      const head = group[0]!;
      groups.push({
        order_id: orderId,
        campaign: { name },
        name,
        price: toRupees(group.reduce((s, l) => s + l.pricePaise, 0)),
        total: toRupees(total),
        refunded: toRupees(refunded),
        net: ledger.unpaid ? 0 : toRupees(total - refunded),
        from_date: group.reduce((m, l) => (l.fromDate < m ? l.fromDate : m), head.fromDate),
        to_date: group.reduce((m, l) => (l.toDate > m ? l.toDate : m), head.toDate),
        status: ledger.status,
        payment_method: head.paymentMethod,
        reserved_until: ledger.unpaid ? head.expiresAt.toISOString() : null,
        live_sites: group.filter((l) => l.lineStatus !== 'cancelled').length,
        items: group.map((l) => ({
          line_id: l.lineId,
          product_id: l.productId,
          name: l.productName,
          campaign_id: l.campaignId,
          campaign_name: l.campaignName,
          from_date: l.fromDate,
          to_date: l.toDate,
          days: l.days,
          price: toRupees(l.pricePaise),
          status: ledger.unpaid ? 'held' : l.lineStatus,
        })),
        unpaid: ledger.unpaid,
      });
    }
  }
  const today = todayIst(now);
  const data: BookedCampaignsResponse['data'] = {
    upcoming_campaigns: [],
    ongoing_campaigns: [],
    completed_campaigns: [],
  };
  for (const { unpaid, ...group } of groups) {
    if (unpaid || group.from_date > today) data.upcoming_campaigns.push(group);
    else if (group.to_date <= today) data.completed_campaigns.push(group);
    else data.ongoing_campaigns.push(group);
  }
  return { data };
}
