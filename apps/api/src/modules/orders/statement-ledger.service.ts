import type { RefundPart } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { findOrdersRefundedBetween } from './order-ledger.repository.ts';
import { orderLedgerOf, orderLedgersOf } from './order-ledger.service.ts';
import { findLinesByIds, findLinesOfOrders } from './statement-ledger.repository.ts';

/**
 * The orders module's door for owner statements (modules/statements) and payouts (through the pay and
 * settle-refund workflows, decision 088): the ledger's paid lines, and the refunds of a period read
 * through the one ledger read model (decision 065), so that statements and payouts never reach into the
 * order tables nor filter refunds on their own.
 */
export {
  findLinesOfOrders as linesOfOrders,
  findLinesPaidBetween as linesPaidBetween,
} from './statement-ledger.repository.ts';

export interface StatementRefunds {
  orderId: number;
  chargedPaise: number;
  subtotalPaise: number;
  /**
   * The order's processed refunds before `to`, in the order they were processed, each with its parts as
   * the ledger reads them (payment reversals are not refunds: never here).
   */
  refunds: { id: number; amountPaise: number; lineIds: number[]; processedAt: Date; parts: RefundPart[] }[];
}

/** Every order with a refund processed in [from, to), with its processed refunds up to `to`. */
export async function refundsOfOrdersRefundedBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<StatementRefunds[]> {
  const ids = await findOrdersRefundedBetween(db, from, to);
  const ledgers = await orderLedgersOf(db, ids);
  return [...ledgers.values()].map((ledger) => ({
    orderId: ledger.orderId,
    chargedPaise: ledger.chargedPaise,
    subtotalPaise: ledger.subtotalPaise,
    refunds: ledger.refunds.flatMap(({ refund, parts }) =>
      refund.status === 'processed' && refund.processedAt !== null && refund.processedAt < to
        ? [
            {
              id: refund.id,
              amountPaise: refund.amountPaise,
              lineIds: refund.lineIds,
              processedAt: refund.processedAt,
              parts,
            },
          ]
        : [],
    ),
  }));
}

/** What an order's payouts are computed from: its charge, subtotal and lines with each site's owner. */
export interface PayoutFigures {
  chargedPaise: number;
  subtotalPaise: number;
  /** In line order; a site without an owner (the marketplace's own) has mediaOwnerId null. */
  lines: { lineId: number; pricePaise: number; mediaOwnerId: number | null; siteState: string }[];
}

/** The figures the payouts module needs of an order (held payouts at payment, a refund's owner parts). */
export async function payoutFiguresOf(db: Db, orderId: number): Promise<PayoutFigures | undefined> {
  const ledger = await orderLedgerOf(db, orderId);
  if (!ledger) return undefined;
  const lines = await findLinesOfOrders(db, [orderId]);
  return {
    chargedPaise: ledger.chargedPaise,
    subtotalPaise: ledger.subtotalPaise,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      pricePaise: l.pricePaise,
      mediaOwnerId: l.mediaOwnerId,
      siteState: l.siteState,
    })),
  };
}

/** Lines by id, with their dates, state and site, as a payout list shows them (line id -> line). */
export async function linesForPayouts(db: Db, lineIds: number[]) {
  const rows = await findLinesByIds(db, [...new Set(lineIds)]);
  return new Map(rows.map((l) => [l.lineId, l]));
}
