import { istMonthOf } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { inTransaction } from '../db/transaction.ts';
import {
  commissionInvoicesOf,
  issueCommissionInvoices,
  type MonthCommission,
} from '../modules/invoices/commission-invoices.service.ts';
import { taxFiguresOf } from '../modules/payouts/payout-rows.service.ts';

/*
 * Commission invoices (DESIGN 18, decision 093): payouts recorded each line's commission and its GST;
 * invoices numbers and keeps the month's invoice per owner. The background job issues last month's once
 * it is over, and an owner asking for a month that is over gets it issued first, so an invoice never
 * waits for the job.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** Issues the missing commission invoices of an IST month that is over; returns how many. */
export async function issueMonthCommissionInvoices(deps: Deps, month: string): Promise<number> {
  if (month >= istMonthOf(deps.clock.now())) return 0;
  const db = deps.database.db;
  const byOwner = new Map<number, MonthCommission>();
  for (const f of await taxFiguresOf(db, [month])) {
    let c = byOwner.get(f.mediaOwnerId);
    if (!c) {
      c = { mediaOwnerId: f.mediaOwnerId, commissionPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
      byOwner.set(f.mediaOwnerId, c);
    }
    c.commissionPaise += f.commissionPaise;
    // Each line's intra-state GST was two equal halves, so their sum halves exactly.
    if (f.commissionSupplyKind === 'intra') {
      c.cgstPaise += f.commissionGstPaise / 2;
      c.sgstPaise += f.commissionGstPaise / 2;
    } else c.igstPaise += f.commissionGstPaise;
  }
  return inTransaction(db, (tx) =>
    issueCommissionInvoices(tx, month, [...byOwner.values()], deps.clock.now()),
  );
}

/** The job's pass: last month's invoices, once it is over (idempotent: issued ones are left). */
export function issueLastMonthCommissionInvoices(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const lastMonth = istMonthOf(new Date(Date.parse(`${istMonthOf(now)}-01T00:00:00+05:30`) - 1));
  return issueMonthCommissionInvoices(deps, lastMonth);
}

/** GET /api/partner/commission-invoices: an owner's, a month that is over issued first. */
export async function ownerCommissionInvoices(deps: Deps, ownerId: number, month?: string) {
  if (month !== undefined) await issueMonthCommissionInvoices(deps, month);
  return commissionInvoicesOf(deps.database.db, ownerId, month);
}
