import { ownerSharePaise, refundTaxableSpread, type Statement, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import {
  linesOfOrders,
  linesPaidBetween,
  refundsOfOrdersRefundedBetween,
} from '../orders/statement-ledger.service.ts';
import { mediaOwnerName } from '../partners/partners.service.ts';
import { recordedMovesOf } from '../payouts/payout-rows.service.ts';

/*
 * Owner statements (docs/product-rules.md section 10, docs/decisions/030). A line's value (its price, excluding GST)
 * counts in the IST month its order was paid; a refund counts in the IST month the provider processed it
 * (pending, failed and abandoned refunds have returned no money: decision 036), its
 * taxable part (`refundTaxablePaise`: amount x subtotal / charged, rounded half up, the credit note's
 * taxable value; the GST in a refund is the marketplace's tax, never the owner's) spread over the lines as the
 * shared `refundSpread` spreads the refund itself (`refundTaxableSpread`: the lines it cancelled; an
 * operator's amount-only refund over the lines with something left, never a line already refunded in full). Commission is
 * the line's recorded rate (its payout's commission_percent, written when the order was paid; issue 47: a
 * closed month never changes when COMMISSION_PERCENT does) of (value - refunds): the marketplace earns only on what it keeps, rounded per line by the rule payouts use (`ownerSharePaise`,
 * decision 047), so a line's payout of the month is the difference of its owner share at the month's end
 * and start, and the month's transfers, reversals and recoveries add up to the statement's payout.
 * Everything in paise; the shares add up exactly, so the sum of every owner's statement is the month's
 * paid subtotals less the month's refunds excluding GST.
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
  /** The line's price, and its refunds (taxable) processed before the month. */
  pricePaise: number;
  refundsBeforePaise: number;
  /** The owner's share that moved this month: share(end of month) - share(start of month). */
  payoutPaise: number;
  /** The commission rate the line's payout recorded at payment (today's setting for a line without one). */
  commissionPercent: number;
  /** The month's movement of each figure (DESIGN 18), as the line's payout recorded it. */
  gstOnSupplyPaise: number;
  commissionPaise: number;
  commissionGstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
}

/** Every owner's lines of the month (value and refunds in paise), before filtering by owner. */
export async function monthLedger(
  db: Db,
  month: string,
  commissionPercent = 0,
): Promise<StatementLinePaise[]> {
  const { from, to } = monthRange(month);
  const [paid, refunded] = await Promise.all([
    linesPaidBetween(db, from, to),
    refundsOfOrdersRefundedBetween(db, from, to),
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
        pricePaise: l.pricePaise,
        refundsBeforePaise: 0,
        payoutPaise: 0,
        commissionPercent,
        gstOnSupplyPaise: 0,
        commissionPaise: 0,
        commissionGstPaise: 0,
        tcsPaise: 0,
        tdsPaise: 0,
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
  const orderLines = await linesOfOrders(
    db,
    refunded.map((r) => r.orderId),
  );
  for (const { orderId, refunds: all, ...order } of refunded) {
    const lines = orderLines.filter((l) => l.orderId === orderId);
    // Each processed refund's parts as the ledger read model reads them, taxable part by the shared rule.
    const taxable = refundTaxableSpread(
      lines.map((l) => ({ id: l.lineId, pricePaise: l.pricePaise })),
      order,
      all,
    );
    const before = new Map<number, number>();
    all.forEach((r, k) => {
      const thisMonth = r.processedAt !== null && r.processedAt >= from;
      for (const line of lines) {
        const paise = taxable[k].get(line.lineId) ?? 0;
        if (paise === 0) continue;
        if (thisMonth) entry(line).refundsPaise += paise;
        else before.set(line.lineId, (before.get(line.lineId) ?? 0) + paise);
      }
    });
    // Where each line's share stood when the month began (its entry exists once it moved this month).
    for (const [lineId, paise] of before) {
      const e = ledger.get(lineId);
      if (e) e.refundsBeforePaise += paise;
    }
  }
  const recorded = await recordedMovesOf(db, [...ledger.keys()], month);
  for (const e of ledger.values()) {
    const move = recorded.get(e.lineId);
    if (move) {
      // What the payout recorded: the month's transfers less its reversals and recoveries (decision 093).
      e.commissionPercent = move.commissionPercent;
      e.payoutPaise = move.payoutPaise;
      if (move.taxed) {
        e.gstOnSupplyPaise = move.gstOnSupplyPaise;
        e.commissionPaise = move.commissionPaise;
        e.commissionGstPaise = move.commissionGstPaise;
        e.tcsPaise = move.tcsPaise;
        e.tdsPaise = move.tdsPaise;
        continue;
      }
    } else {
      // A line with no payout row (paid before payouts were kept): decision 047's share, today's rate.
      const paidEarlier = e.valuePaise === 0;
      const start = paidEarlier ? ownerSharePaise(e.pricePaise, e.refundsBeforePaise, commissionPercent) : 0;
      const end = ownerSharePaise(e.pricePaise, e.refundsBeforePaise + e.refundsPaise, commissionPercent);
      e.payoutPaise = end - start;
    }
    // Decision 047's arithmetic (no taxes): the commission is what the payout kept back.
    e.commissionPaise = e.valuePaise - e.refundsPaise - e.payoutPaise;
  }
  return [...ledger.values()];
}

/** GET /api/partner/statements?month=YYYY-MM for the caller's own media owner. */
export async function ownerStatement(
  deps: Pick<AppDeps, 'database' | 'config'>,
  mediaOwnerId: number,
  month: string,
): Promise<Statement> {
  const db = deps.database.db;
  const percent = deps.config.commissionPercent;
  const lines = (await monthLedger(db, month, percent)).filter((l) => l.mediaOwnerId === mediaOwnerId);
  const sum = (pick: (l: StatementLinePaise) => number) => lines.reduce((s, l) => s + pick(l), 0);
  // One rate for the month when its lines share one (today's setting for an empty month); null when the
  // setting changed between its lines' payments, each line then saying its own.
  const rates = new Set(lines.map((l) => l.commissionPercent));
  const figures = (f: {
    value: number;
    refunds: number;
    gst: number;
    commission: number;
    commissionGst: number;
    tcs: number;
    tds: number;
    payout: number;
  }) => ({
    value: toRupees(f.value),
    refunds: toRupees(f.refunds),
    gst_on_supply: toRupees(f.gst),
    commission: toRupees(f.commission),
    commission_gst: toRupees(f.commissionGst),
    tcs: toRupees(f.tcs),
    tds: toRupees(f.tds),
    payout: toRupees(f.payout),
  });
  const of = (l: StatementLinePaise) => ({
    value: l.valuePaise,
    refunds: l.refundsPaise,
    gst: l.gstOnSupplyPaise,
    commission: l.commissionPaise,
    commissionGst: l.commissionGstPaise,
    tcs: l.tcsPaise,
    tds: l.tdsPaise,
    payout: l.payoutPaise,
  });
  return {
    month,
    media_owner: { id: mediaOwnerId, company_name: await mediaOwnerName(db, mediaOwnerId) },
    commission_percent: rates.size === 0 ? percent : rates.size === 1 ? [...rates][0] : null,
    lines: lines.map((l) => ({
      order_id: l.orderId,
      line_id: l.lineId,
      site: l.site,
      campaign_name: l.campaignName,
      from_date: l.fromDate,
      to_date: l.toDate,
      status: l.lineStatus,
      paid_on: l.paidOn,
      ...figures(of(l)),
      commission_percent: l.commissionPercent,
    })),
    // Each total is the sum of its lines (decision 078), never recomputed.
    totals: figures({
      value: sum((l) => l.valuePaise),
      refunds: sum((l) => l.refundsPaise),
      gst: sum((l) => l.gstOnSupplyPaise),
      commission: sum((l) => l.commissionPaise),
      commissionGst: sum((l) => l.commissionGstPaise),
      tcs: sum((l) => l.tcsPaise),
      tds: sum((l) => l.tdsPaise),
      payout: sum((l) => l.payoutPaise),
    }),
  };
}
