import { lineShares, refundSpread, refundTaxablePaise, type Statement, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import {
  linesOfOrders,
  linesPaidBetween,
  processedRefundsBetween,
  processedRefundsOfOrders,
} from '../orders/statement-ledger.service.ts';
import { mediaOwnerName } from '../partners/partners.service.ts';

/*
 * Owner statements (docs/product-rules.md section 10, docs/decisions/030). A line's value (its price, excluding GST)
 * counts in the IST month its order was paid; a refund counts in the IST month the provider processed it
 * (pending, failed and abandoned refunds have returned no money: decision 036), its
 * taxable part (`refundTaxablePaise`: amount x subtotal / charged, rounded half up, the credit note's
 * taxable value; the GST in a refund is the marketplace's tax, never the owner's) spread over the lines as the shared `refundSpread` spreads the refund itself (the lines it
 * cancelled; an operator's amount-only refund over the lines with something left to refund, never a line
 * already refunded in full). Commission is COMMISSION_PERCENT of (value - refunds): the
 * marketplace earns only on what it keeps. Everything in paise; the shares add up exactly, so the sum of
 * every owner's statement is the month's paid subtotals less the month's refunds excluding GST.
 */

/** [start, end) of an IST calendar month. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export interface StatementLinePaise {
  orderId: number;
  lineId: number;
  mediaOwnerId: number | null;
  site: { id: number; code: string | null; name: string };
  campaignName: string;
  fromDate: string;
  toDate: string;
  /** The line's state today: a cancelled line reads "cancelled" on the owner's statement. */
  lineStatus: string;
  paidOn: string | null;
  valuePaise: number;
  refundsPaise: number;
}

/** Every owner's lines of the month (value and refunds in paise), before filtering by owner. */
export async function monthLedger(db: Db, month: string): Promise<StatementLinePaise[]> {
  const { from, to } = monthRange(month);
  const [paid, monthRefunds] = await Promise.all([
    linesPaidBetween(db, from, to),
    processedRefundsBetween(db, from, to),
  ]);
  const ledger = new Map<number, StatementLinePaise>();
  type Line = Awaited<ReturnType<typeof linesOfOrders>>[number];
  const entry = (l: Line): StatementLinePaise => {
    let e = ledger.get(l.lineId);
    if (!e) {
      e = {
        orderId: l.orderId,
        lineId: l.lineId,
        mediaOwnerId: l.mediaOwnerId,
        site: { id: l.productId, code: l.productCode ?? null, name: l.productName },
        campaignName: l.campaignName,
        fromDate: l.fromDate,
        toDate: l.toDate,
        lineStatus: l.lineStatus,
        paidOn: null,
        valuePaise: 0,
        refundsPaise: 0,
      };
      ledger.set(l.lineId, e);
    }
    return e;
  };
  for (const l of paid) {
    const e = entry(l);
    e.valuePaise = l.pricePaise;
    e.paidOn = l.paidAt ? istDate(l.paidAt) : null;
  }
  const orderIds = [...new Set(monthRefunds.map((r) => r.orderId))];
  const [orderLines, orderRefunds] = await Promise.all([
    linesOfOrders(db, orderIds),
    processedRefundsOfOrders(db, orderIds, to),
  ]);
  for (const orderId of orderIds) {
    const lines = orderLines.filter((l) => l.orderId === orderId);
    const all = orderRefunds.filter((r) => r.orderId === orderId);
    const head = monthRefunds.find((r) => r.orderId === orderId)!;
    // Every processed refund of the order so far, in the order processed, decides how this month's spread.
    const spreads = refundSpread(
      lines.map((l) => ({ id: l.lineId, pricePaise: l.pricePaise })),
      head.chargedPaise,
      all,
    );
    all.forEach((r, k) => {
      if (!monthRefunds.some((m) => m.id === r.id)) return;
      const over = lines.filter((l) => spreads[k].has(l.lineId));
      const taxable = lineShares(
        over.map((l) => spreads[k].get(l.lineId) ?? 0),
        refundTaxablePaise(r.amountPaise, head.chargedPaise, head.subtotalPaise),
      );
      over.forEach((l, i) => {
        entry(l).refundsPaise += taxable[i];
      });
    });
  }
  return [...ledger.values()];
}

export function commissionPaise(netPaise: number, percent: number): number {
  return Math.round((netPaise * percent) / 100);
}

/** GET /api/partner/statements?month=YYYY-MM for the caller's own media owner. */
export async function ownerStatement(
  deps: Pick<AppDeps, 'database' | 'config'>,
  mediaOwnerId: number,
  month: string,
): Promise<Statement> {
  const db = deps.database.db;
  const percent = deps.config.commissionPercent;
  const lines = (await monthLedger(db, month)).filter((l) => l.mediaOwnerId === mediaOwnerId);
  const value = lines.reduce((s, l) => s + l.valuePaise, 0);
  const refunded = lines.reduce((s, l) => s + l.refundsPaise, 0);
  const commission = commissionPaise(value - refunded, percent);
  return {
    month,
    media_owner: { id: mediaOwnerId, company_name: await mediaOwnerName(db, mediaOwnerId) },
    commission_percent: percent,
    lines: lines.map((l) => ({
      order_id: l.orderId,
      line_id: l.lineId,
      site: l.site,
      campaign_name: l.campaignName,
      from_date: l.fromDate,
      to_date: l.toDate,
      status: l.lineStatus,
      paid_on: l.paidOn,
      value: toRupees(l.valuePaise),
      refunds: toRupees(l.refundsPaise),
    })),
    totals: {
      value: toRupees(value),
      refunds: toRupees(refunded),
      commission: toRupees(commission),
      payout: toRupees(value - refunded - commission),
    },
  };
}
