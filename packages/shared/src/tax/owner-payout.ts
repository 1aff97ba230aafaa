/**
 * What a media owner is paid for one line, as DESIGN section 18 writes it (docs/decisions/078):
 *
 *   payout = taxable value + GST on the owner's supply (the owner owes it as output tax)
 *          - commission (the recorded commission rate of the taxable value)
 *          - GST on the commission (18 %, CGST + SGST or IGST by the owner's state)
 *          - TCS (CGST Act s.52, on the net taxable value; CGST + SGST when the supply is intra-state, else IGST)
 *          - TDS (Income-tax Act s.194-O, on the amount excluding GST; 5 % without a valid PAN)
 *
 * Rounding, the one rule: amounts are integer paise; each figure is computed once per line on its own base
 * and rounded half up to the paisa (CGST and SGST each at half the rate, so together they may exceed the
 * IGST figure by one paisa, as rules/gst.ts does for the buyer); the payout is the exact difference of the
 * rounded figures; a total is the sum of its lines' figures. Bases are the line's KEPT taxable value: its
 * value less the taxable part of the refunds processed on it.
 *
 * Refunds: before the payout is released a refund lowers every figure (the held transfer is reversed by
 * the difference). After release the TDS already deducted stays on the paid line; the owner returns the
 * difference of the other figures (a recovery) and the TDS on the refunded part is set off against the next
 * payment to that owner (`applyTdsSetOff`), never by reopening the paid line.
 * Rates live in tax-rates.ts; every function here is pure.
 */
import type { IsoDate } from '../rules/dates.ts';
import type { SupplyKind } from './place-of-supply.ts';
import {
  COMMISSION_GST_BP,
  rateOn,
  SUPPLY_GST_BP,
  TCS_INTER_BP,
  TCS_INTRA_HALF_BP,
  TDS_BP,
  TDS_NO_PAN_BP,
} from './tax-rates.ts';

/** `paise x bp / 10,000` rounded half up, exact in integers (BigInt beyond 2^53). */
export function basisPointsOf(paise: number, bp: number): number {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('paise must be a non-negative integer');
  if (!Number.isSafeInteger(bp) || bp < 0)
    throw new RangeError('basis points must be a non-negative integer');
  return Number((BigInt(paise) * BigInt(bp) * 2n + 10_000n) / 20_000n);
}

/** A percentage setting (15, 12.5, 7.25) in basis points; more than two decimals is refused. */
export function percentToBasisPoints(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!(percent >= 0 && percent <= 100) || Math.abs(bp - percent * 100) > 1e-6)
    throw new RangeError(`a percentage from 0 to 100 with at most two decimals, not ${percent}`);
  return bp;
}

export interface TaxSplit {
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

const intra = (half: number): TaxSplit => ({ cgst: half, sgst: half, igst: 0, total: 2 * half });
const inter = (igst: number): TaxSplit => ({ cgst: 0, sgst: 0, igst, total: igst });

/** A tax of `fullBp` on `base`: CGST and SGST at half each (each rounded), or IGST at the full rate. */
export function splitTax(base: number, fullBp: number, kind: SupplyKind): TaxSplit {
  if (kind === 'intra') {
    if (fullBp % 2 !== 0) throw new RangeError('an intra-state rate splits into two equal halves');
    return intra(basisPointsOf(base, fullBp / 2));
  }
  return inter(basisPointsOf(base, fullBp));
}

/** TCS under s.52 on `netTaxable` supplied on `on` (the rate in force that day). */
export function tcsOf(netTaxable: number, kind: SupplyKind, on: IsoDate): TaxSplit {
  return kind === 'intra'
    ? intra(basisPointsOf(netTaxable, rateOn(TCS_INTRA_HALF_BP, on).bp))
    : inter(basisPointsOf(netTaxable, rateOn(TCS_INTER_BP, on).bp));
}

/** The s.194-O rate in basis points on `on`: 5 % (s.206AA(1A)) without a valid PAN. */
export function tdsRateBp(panValid: boolean, on: IsoDate): number {
  return panValid ? rateOn(TDS_BP, on).bp : TDS_NO_PAN_BP;
}

export interface LineTaxInput {
  /** The line's value excluding GST (what the buyer was charged for it before tax). */
  taxablePaise: number;
  /** The taxable part of the refunds already processed on the line. */
  refundedTaxablePaise?: number;
  /** The owner's supply: intra when the site stands in the owner's GSTIN state (placeOfSupply). */
  supply: SupplyKind;
  /** The commission's supply to the owner (commissionSupplyKind). */
  commissionSupply: SupplyKind;
  /** The commission rate recorded with the line when it was paid (a later setting never changes it). */
  commissionBp: number;
  /** Whether the owner furnished a valid PAN (else TDS at 5 %). */
  panValid: boolean;
  /** The IST day of the supply (the payment): the TCS rate. */
  on: IsoDate;
  /** The IST day the TDS is deducted (the payout's release); `on` when not given. */
  tdsOn?: IsoDate;
}

export interface LineTaxes {
  /** The kept taxable value: the base of every figure below. */
  taxable: number;
  gstOnSupply: TaxSplit;
  commission: number;
  commissionGst: TaxSplit;
  tcs: TaxSplit;
  tdsBp: number;
  tds: number;
  /** taxable + gstOnSupply - commission - commissionGst - tcs - tds. */
  payout: number;
}

function figures(input: LineTaxInput, kept: number, tds: number, tdsBp: number): LineTaxes {
  const gstOnSupply = splitTax(kept, SUPPLY_GST_BP, input.supply);
  const commission = basisPointsOf(kept, input.commissionBp);
  const commissionGst = splitTax(commission, COMMISSION_GST_BP, input.commissionSupply);
  const tcs = tcsOf(kept, input.supply, input.on);
  return {
    taxable: kept,
    gstOnSupply,
    commission,
    commissionGst,
    tcs,
    tdsBp,
    tds,
    payout: kept + gstOnSupply.total - commission - commissionGst.total - tcs.total - tds,
  };
}

function keptOf(input: LineTaxInput, extraRefund = 0): number {
  const refunded = (input.refundedTaxablePaise ?? 0) + extraRefund;
  if (!Number.isSafeInteger(input.taxablePaise) || input.taxablePaise < 0)
    throw new RangeError('a line value is a non-negative integer of paise');
  if (!Number.isSafeInteger(refunded) || refunded < 0 || refunded > input.taxablePaise)
    throw new RangeError('a line cannot be refunded more than its taxable value');
  return input.taxablePaise - refunded;
}

/** Every figure of a line as it stands (before its payout is released, or a line never refunded). */
export function lineTaxes(input: LineTaxInput): LineTaxes {
  const kept = keptOf(input);
  const tdsBp = tdsRateBp(input.panValid, input.tdsOn ?? input.on);
  return figures(input, kept, basisPointsOf(kept, tdsBp), tdsBp);
}

export interface RefundEffect {
  before: LineTaxes;
  /** The line's figures after the refund; after release its `tds` is the one deducted, unchanged. */
  after: LineTaxes;
  /** Before release: what the held transfer falls by (reversed to the marketplace). */
  reversalPaise: number;
  /** After release: what the owner returns (the refunded part's figures, TDS apart). */
  recoveryPaise: number;
  /** After release: the TDS deducted on the refunded part, set off against the next payment. */
  tdsSetOffPaise: number;
}

/**
 * One more refund of `refundTaxablePaise` (the taxable part of a GST-inclusive refund, refundTaxablePaise of
 * rules/refunds.ts) on a line whose payout is `released` or still held.
 */
export function refundEffect(
  input: LineTaxInput,
  refundTaxablePaise: number,
  released: boolean,
): RefundEffect {
  const before = lineTaxes(input);
  const kept = keptOf(input, refundTaxablePaise);
  if (!released) {
    const after = figures(input, kept, basisPointsOf(kept, before.tdsBp), before.tdsBp);
    return {
      before,
      after,
      reversalPaise: before.payout - after.payout,
      recoveryPaise: 0,
      tdsSetOffPaise: 0,
    };
  }
  const after = figures(input, kept, before.tds, before.tdsBp);
  return {
    before,
    after,
    reversalPaise: 0,
    recoveryPaise: before.payout - after.payout,
    tdsSetOffPaise: before.tds - basisPointsOf(kept, before.tdsBp),
  };
}

/**
 * The TDS of the next payment to an owner with `setOffPaise` carried from refunds after release: the TDS
 * due falls by the set-off, never below zero; what is left carries to the payment after.
 */
export function applyTdsSetOff(
  tdsDuePaise: number,
  setOffPaise: number,
): { tds: number; used: number; left: number } {
  const used = Math.min(Math.max(0, tdsDuePaise), Math.max(0, setOffPaise));
  return { tds: tdsDuePaise - used, used, left: setOffPaise - used };
}

const addSplit = (a: TaxSplit, b: TaxSplit): TaxSplit => ({
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  igst: a.igst + b.igst,
  total: a.total + b.total,
});
const ZERO: TaxSplit = { cgst: 0, sgst: 0, igst: 0, total: 0 };

export type LineTaxTotals = Omit<LineTaxes, 'tdsBp'>;

/** The totals of a statement or an invoice: each column the sum of its lines (never recomputed). */
export function sumLineTaxes(lines: readonly LineTaxes[]): LineTaxTotals {
  return lines.reduce<LineTaxTotals>(
    (t, l) => ({
      taxable: t.taxable + l.taxable,
      gstOnSupply: addSplit(t.gstOnSupply, l.gstOnSupply),
      commission: t.commission + l.commission,
      commissionGst: addSplit(t.commissionGst, l.commissionGst),
      tcs: addSplit(t.tcs, l.tcs),
      tds: t.tds + l.tds,
      payout: t.payout + l.payout,
    }),
    {
      taxable: 0,
      gstOnSupply: ZERO,
      commission: 0,
      commissionGst: ZERO,
      tcs: ZERO,
      tds: 0,
      payout: 0,
    },
  );
}
