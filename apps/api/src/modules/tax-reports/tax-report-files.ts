import type { TcsReport, TdsReport } from '@ooh/shared';
import { csvFile } from '../../lib/csv.ts';

/*
 * The tax reports as CSV (lib/csv.ts: UTF-8 with a byte-order mark): one row per owner, then the totals
 * apart (a blank line and their own header), never a data row a sum over the rows would take in.
 */

const money = (rupees: number) => rupees.toFixed(2);

/** TCS in GSTR-8's table 3 order: supplier GSTIN, gross value, returns, net value, IGST, CGST, SGST. */
export function tcsCsv(r: TcsReport): string {
  return csvFile([
    [
      'GSTIN of the supplier',
      'Supplier',
      'Gross value of supplies',
      'Value of supplies returned',
      'Net amount liable for TCS',
      'IGST',
      'CGST',
      'SGST/UTGST',
    ],
    ...r.rows.map((row) => [
      row.gstin,
      row.media_owner.company_name,
      money(row.gross_supplies),
      money(row.returns),
      money(row.net_taxable),
      money(row.igst),
      money(row.cgst),
      money(row.sgst),
    ]),
    [],
    ['Totals', 'Month', 'Gross', 'Returns', 'Net', 'IGST', 'CGST', 'SGST/UTGST'],
    [
      `E-commerce operator ${r.operator_gstin}`,
      r.month,
      money(r.totals.gross_supplies),
      money(r.totals.returns),
      money(r.totals.net_taxable),
      money(r.totals.igst),
      money(r.totals.cgst),
      money(r.totals.sgst),
    ],
  ]);
}

/** TDS under s.194-O by deductee, as Form 26Q's deductee details take it: PAN, amount, rate, tax. */
export function tdsCsv(r: TdsReport): string {
  return csvFile([
    ['PAN of the deductee', 'Deductee', 'PAN valid', 'Amount credited excl. GST', 'Rate %', 'TDS'],
    ...r.rows.map((row) => [
      row.pan,
      row.media_owner.company_name,
      row.pan_valid ? 'yes' : 'no (s.206AA)',
      money(row.amount_credited),
      row.rate_percent,
      money(row.tds),
    ]),
    [],
    ['Totals', 'Quarter', 'From', 'To', 'Amount credited excl. GST', 'TDS'],
    ['Section 194-O', r.quarter, r.from, r.to, money(r.totals.amount_credited), money(r.totals.tds)],
  ]);
}
