/**
 * Every rate, threshold and date of the marketplace's tax model (DESIGN section 18, docs/decisions/078), in
 * one file, each with its legal source. Rates are integers in basis points (1 bp = 0.01 %) so that the
 * arithmetic in `owner-payout.ts` stays in integers; a rate that changed in law is a dated table, read by
 * the date of the supply or payment it applies to.
 *
 * The sources are named as a finance team would look them up. They were written from the law as in force
 * on 1 Dec 2026 and are to be confirmed by the marketplace's chartered accountant before filing (the
 * decision record lists each as "to confirm" until then).
 */
import type { IsoDate } from '../rules/dates.ts';

/** A rate in basis points that holds from `from` (an IST date, inclusive) until the next entry's `from`. */
export interface DatedRate {
  from: IsoDate;
  bp: number;
  source: string;
}

/**
 * GST on the owner's supply: advertising space on hoardings and other structures, SAC 998366 ("sale of other
 * advertising space or time, except on commission"), 18 % (CGST 9 % + SGST 9 %, or IGST 18 %).
 * Source: Notification 11/2017-Central Tax (Rate), heading 9983 item (ii); Notification 8/2017-Integrated
 * Tax (Rate). The same rate as the buyer's invoice has always used (rules/gst.ts).
 */
export const SUPPLY_SAC = '998366';
export const SUPPLY_GST_BP = 1800;

/**
 * GST on the marketplace's commission: its own service to the owner, "purchase or sale of advertising space
 * or time, on commission", SAC 998362, 18 %. Place of supply is the owner's registered place (IGST Act
 * s.12(2)(a): a service to a registered person), so CGST + SGST when the owner's GSTIN state is the
 * marketplace's, else IGST. Source: Notification 11/2017-Central Tax (Rate), heading 9983 item (ii).
 */
export const COMMISSION_SAC = '998362';
export const COMMISSION_GST_BP = 1800;

/**
 * TCS by an e-commerce operator (CGST Act s.52(1)) on the net value of taxable supplies made through it in a
 * month (supplies less returns), by the operator's state registration:
 * - intra-state: CGST 0.5 % + SGST 0.5 % (Notification 52/2018-Central Tax, from 1 Oct 2018), lowered to
 *   CGST 0.25 % + SGST 0.25 % from 10 Jul 2024 (Notification 15/2024-Central Tax);
 * - inter-state: IGST 1 % (Notification 02/2018-Integrated Tax), lowered to 0.5 % from 10 Jul 2024
 *   (Notification 01/2024-Integrated Tax).
 * Filed in GSTR-8 by the 10th of the next month (CGST Act s.52(4)); the owner claims it through GSTR-2X.
 * The intra-state figure is per half (CGST and SGST each).
 */
export const TCS_INTRA_HALF_BP: readonly DatedRate[] = [
  { from: '2018-10-01', bp: 50, source: 'Notification 52/2018-Central Tax' },
  { from: '2024-07-10', bp: 25, source: 'Notification 15/2024-Central Tax' },
];
export const TCS_INTER_BP: readonly DatedRate[] = [
  { from: '2018-10-01', bp: 100, source: 'Notification 02/2018-Integrated Tax' },
  { from: '2024-07-10', bp: 50, source: 'Notification 01/2024-Integrated Tax' },
];

/**
 * TDS by an e-commerce operator on the gross amount of sales or services of an e-commerce participant
 * (Income-tax Act 1961 s.194-O, from 1 Oct 2020): 1 %, lowered to 0.1 % from 1 Oct 2024 (Finance (No. 2)
 * Act 2024). GST is left out of the amount when the invoice shows it apart (CBDT Circular 17/2020, the
 * guidelines on s.194-O; the DESIGN names CBDT Circular 20/2023). With no valid PAN (or Aadhaar) furnished the
 * rate is 5 % (s.206AA(1A)). The Income-tax Act 2025, in force from 1 Apr 2026, carries the same deduction
 * for e-commerce operators at the same rates (its section number is to confirm). A refund after the TDS was
 * deducted is set off against the next payment to the same participant (CBDT Circular 17/2020, the
 * same guidelines' answer on purchase returns),
 * never by reopening the paid line.
 * Deposited by the 7th of the next month; quarterly statement Form 26Q; certificate Form 16A.
 */
export const TDS_BP: readonly DatedRate[] = [
  { from: '2020-10-01', bp: 100, source: 'Income-tax Act s.194-O(1)' },
  { from: '2024-10-01', bp: 10, source: 'Finance (No. 2) Act 2024, amending s.194-O(1)' },
];
export const TDS_NO_PAN_BP = 500;

/**
 * s.194-O(2): no TDS for an individual or HUF participant whose gross sales through the operator in the
 * previous year were at most ₹5 lakh and who furnished a PAN or Aadhaar. Not applied by the product yet
 * (owners are GST-registered businesses; the turnover is not recorded): listed so it is found here.
 */
export const TDS_SMALL_INDIVIDUAL_EXEMPT_PAISE = 5_00_000_00;

/**
 * E-invoicing (CGST Rule 48(4)): a supplier whose aggregate turnover in any year from 2017-18 exceeded
 * ₹5 crore, from 1 Aug 2023 (Notification 10/2023-Central Tax). An invoice that should carry an IRN and does
 * not is not a valid invoice (Rule 48(5)). A supplier with aggregate turnover of ₹10 crore or more may not
 * report an invoice to the IRP more than 30 days after its date, from 1 Apr 2025 (GSTN advisory of Nov 2024;
 * ₹100 crore from 1 Nov 2023 before that).
 */
export const EINVOICE_TURNOVER_PAISE = 5_00_00_000_00;
export const EINVOICE_30_DAY_TURNOVER_PAISE = 10_00_00_000_00;
export const EINVOICE_30_DAY_LIMIT_DAYS = 30;
export const EINVOICE_30_DAY_FROM: IsoDate = '2025-04-01';

/**
 * A tax invoice's number: at most 16 characters, unique per supplier and financial year, "consecutive" (one
 * series, gapless), letters, digits, '-' and '/' (CGST Rule 46(b)). A credit note has its own consecutive
 * series (CGST Rule 53(1A)(b)) and names the invoice it corrects (Rule 53(1A)(e)).
 */
export const DOCUMENT_NUMBER_MAX_CHARS = 16;

/** The Indian financial year starts on 1 April (General Clauses Act 1897 s.3(21)). */
export const FINANCIAL_YEAR_FIRST_MONTH = 4;

/** The rate of a dated table on `date` (an IST day); a date before the first entry has no rate. */
export function rateOn(table: readonly DatedRate[], date: IsoDate): DatedRate {
  let found: DatedRate | undefined;
  for (const entry of table) if (entry.from <= date) found = entry;
  if (!found) throw new RangeError(`no rate in force on ${date} (the table starts ${table[0]?.from})`);
  return found;
}
