import { quarterDays, quarterMonths, type TcsReport, type TdsReport, tdsRateBp, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import { taxFiguresOf } from '../payouts/payout-rows.service.ts';

/*
 * The operator's monthly and quarterly tax reports (DESIGN 18, decision 093), read from what the payouts
 * recorded when the money moved (never recomputed with today's settings or rates):
 * - TCS (CGST Act s.52, filed in GSTR-8): per owner GSTIN, the month's gross supplies, their returns
 *   (refunds processed in the month), the net taxable value and the TCS collected on it, CGST + SGST for
 *   a supply within the owner's state (the site's state: IGST Act s.12(3)(a)), else IGST;
 * - TDS (Income-tax Act s.194-O, filed in Form 26Q): per owner PAN and rate, the amount credited excluding
 *   GST and the TDS, net of the quarter's refunds and set-offs.
 * Payouts made before the tax model collected neither and are not listed.
 */

type Deps = Pick<AppDeps, 'database' | 'config'>;

const ownerOf = (owners: Map<number, { companyName: string }>, id: number) => ({
  id,
  company_name: owners.get(id)?.companyName ?? `Owner ${id}`,
});

/** GET /api/ops/tax/tcs?month=YYYY-MM */
export async function tcsReport(deps: Deps, month: string): Promise<TcsReport> {
  const db = deps.database.db;
  const figures = await taxFiguresOf(db, [month]);
  const owners = new Map(
    (await ownersForPayouts(db, [...new Set(figures.map((f) => f.mediaOwnerId))])).map((o) => [o.id, o]),
  );
  type Row = { ownerId: number; gross: number; returns: number; igst: number; cgst: number; sgst: number };
  const rows = new Map<number, Row>();
  for (const f of figures) {
    let r = rows.get(f.mediaOwnerId);
    if (!r) {
      r = { ownerId: f.mediaOwnerId, gross: 0, returns: 0, igst: 0, cgst: 0, sgst: 0 };
      rows.set(f.mediaOwnerId, r);
    }
    r.gross += f.grossPaise;
    r.returns += f.returnsPaise;
    // Intra-state TCS is collected as two equal halves (each rounded on its own), so its total is even.
    if (f.supplyKind === 'intra') {
      r.cgst += f.tcsPaise / 2;
      r.sgst += f.tcsPaise / 2;
    } else r.igst += f.tcsPaise;
  }
  const all = [...rows.values()];
  const sum = (pick: (r: Row) => number) => all.reduce((s, r) => s + pick(r), 0);
  const money = (r: Omit<Row, 'ownerId'>) => ({
    gross_supplies: toRupees(r.gross),
    returns: toRupees(r.returns),
    net_taxable: toRupees(r.gross - r.returns),
    igst: toRupees(r.igst),
    cgst: toRupees(r.cgst),
    sgst: toRupees(r.sgst),
  });
  return {
    month,
    operator_gstin: deps.config.company.gstin,
    rows: all.map((r) => ({
      media_owner: ownerOf(owners, r.ownerId),
      gstin: owners.get(r.ownerId)?.gstin ?? '',
      ...money(r),
    })),
    totals: money({
      gross: sum((r) => r.gross),
      returns: sum((r) => r.returns),
      igst: sum((r) => r.igst),
      cgst: sum((r) => r.cgst),
      sgst: sum((r) => r.sgst),
    }),
  };
}

/** GET /api/ops/tax/tds?quarter=YYYY-Qn */
export async function tdsReport(deps: Deps, quarter: string): Promise<TdsReport> {
  const db = deps.database.db;
  const figures = await taxFiguresOf(db, quarterMonths(quarter));
  const owners = new Map(
    (await ownersForPayouts(db, [...new Set(figures.map((f) => f.mediaOwnerId))])).map((o) => [o.id, o]),
  );
  const { from, to } = quarterDays(quarter);
  // One row per owner and rate: an owner whose PAN became valid within the quarter has two.
  type Row = { ownerId: number; panValid: boolean; credited: number; tds: number };
  const rows = new Map<string, Row>();
  for (const f of figures) {
    const key = `${f.mediaOwnerId}/${f.panValid}`;
    let r = rows.get(key);
    if (!r) {
      r = { ownerId: f.mediaOwnerId, panValid: f.panValid, credited: 0, tds: 0 };
      rows.set(key, r);
    }
    r.credited += f.grossPaise - f.returnsPaise;
    r.tds += f.tdsPaise;
  }
  const all = [...rows.values()];
  return {
    quarter,
    from,
    to,
    rows: all.map((r) => ({
      media_owner: ownerOf(owners, r.ownerId),
      pan: owners.get(r.ownerId)?.pan ?? '',
      pan_valid: r.panValid,
      // The rate in force on the quarter's last day (tax-rates.ts); 5 % without a valid PAN.
      rate_percent: tdsRateBp(r.panValid, to) / 100,
      amount_credited: toRupees(r.credited),
      tds: toRupees(r.tds),
    })),
    totals: {
      amount_credited: toRupees(all.reduce((s, r) => s + r.credited, 0)),
      tds: toRupees(all.reduce((s, r) => s + r.tds, 0)),
    },
  };
}
