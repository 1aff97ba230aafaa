import {
  commissionSupplyKind,
  gstinState,
  gstStateOf,
  isValidPan,
  type LineTaxes,
  type LineTaxInput,
  lineTaxes,
  ownerPartOfRefundPaise,
  ownerSharePaise,
  percentToBasisPoints,
  refundEffect,
  type SupplyKind,
  todayIst,
} from '@ooh/shared';
import type { PayoutRow } from './payouts.repository.ts';

/*
 * What an owner is paid for a line, as DESIGN 18 writes it (decision 093, on the shared rules of decision
 * 078): the line's value with the GST on the owner's supply, less the commission, the GST on it, TCS and
 * TDS. The tax context is fixed when the order is paid and recorded on the payout, so a later refund moves
 * the figures by the same rule and a later change of settings or rates never reopens a paid line. Payouts
 * made before migration 0046 have no context and keep decision 047's arithmetic (value less commission).
 */

/** The parties of a line's supply, as the pay workflow hands them in. */
export interface LineParties {
  /** Where the site stands (products.state): the place of supply (IGST Act s.12(3)(a)). */
  siteState: string;
  ownerGstin: string;
  ownerPan: string;
}

export interface PayoutTaxContext {
  supplyKind: SupplyKind;
  commissionSupplyKind: SupplyKind;
  panValid: boolean;
  supplyOn: string;
}

/**
 * The context of a line paid `now`. A site whose state is not a GST state or union territory (free text
 * from before states were checked) is taxed as inter-state: IGST is the tax that never claims the supplier
 * and the site share a state nobody confirmed.
 */
export function payoutTaxContext(
  parties: LineParties,
  marketplaceGstin: string,
  now: Date,
): PayoutTaxContext {
  const site = gstStateOf(parties.siteState);
  const owner = gstinState(parties.ownerGstin);
  return {
    supplyKind: site && owner && site.code === owner.code ? 'intra' : 'inter',
    commissionSupplyKind: commissionSupplyKind(parties.ownerGstin, marketplaceGstin),
    panValid: isValidPan(parties.ownerPan),
    supplyOn: todayIst(now),
  };
}

/** What of a payout its tax rule reads: its value, its refunds so far and the context recorded at payment. */
type TaxedPayout = Pick<
  PayoutRow,
  | 'valuePaise'
  | 'refundedTaxablePaise'
  | 'commissionPercent'
  | 'supplyKind'
  | 'commissionSupplyKind'
  | 'panValid'
  | 'supplyOn'
>;

/** The shared rule's input for a payout (null: a payout made before the tax model). */
export function taxInputOf(p: TaxedPayout): LineTaxInput | null {
  if (p.supplyKind === null || p.commissionSupplyKind === null || p.panValid === null || p.supplyOn === null)
    return null;
  return {
    taxablePaise: p.valuePaise,
    refundedTaxablePaise: p.refundedTaxablePaise,
    supply: p.supplyKind as SupplyKind,
    commissionSupply: p.commissionSupplyKind as SupplyKind,
    commissionBp: percentToBasisPoints(p.commissionPercent),
    panValid: p.panValid,
    on: p.supplyOn,
  };
}

/** The figures a payout row records at payment. */
export function figuresAtPayment(valuePaise: number, commissionPercent: number, ctx: PayoutTaxContext) {
  const t = lineTaxes({
    taxablePaise: valuePaise,
    supply: ctx.supplyKind,
    commissionSupply: ctx.commissionSupplyKind,
    commissionBp: percentToBasisPoints(commissionPercent),
    panValid: ctx.panValid,
    on: ctx.supplyOn,
  });
  return { sharePaise: t.payout, ...recordedFigures(t) };
}

const recordedFigures = (
  t: Pick<LineTaxes, 'gstOnSupply' | 'commission' | 'commissionGst' | 'tcs' | 'tds'>,
) => ({
  gstOnSupplyPaise: t.gstOnSupply.total,
  commissionPaise: t.commission,
  commissionGstPaise: t.commissionGst.total,
  tcsPaise: t.tcs.total,
  tdsPaise: t.tds,
});

/** What one more refund of `taxablePaise` on the line moves: the owner part and each figure's fall. */
export interface RefundMove {
  /** Reversed from the held transfer, or recovered from the owner after release. */
  amountPaise: number;
  taxablePaise: number;
  gstOnSupplyPaise: number;
  commissionPaise: number;
  commissionGstPaise: number;
  tcsPaise: number;
  /** The TDS falls with the value; after release as a set-off (tdsSetOffPaise), the paid line's TDS kept. */
  tdsPaise: number;
  tdsSetOffPaise: number;
}

export function refundMove(payout: PayoutRow, taxablePaise: number, released: boolean): RefundMove {
  const input = taxInputOf(payout);
  if (!input) {
    const amount = ownerPartOfRefundPaise(
      payout.valuePaise,
      payout.refundedTaxablePaise,
      taxablePaise,
      payout.commissionPercent,
    );
    // Decision 047: the commission falls by what the owner part leaves of the taxable part.
    return {
      amountPaise: amount,
      taxablePaise,
      gstOnSupplyPaise: 0,
      commissionPaise: taxablePaise - amount,
      commissionGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      tdsSetOffPaise: 0,
    };
  }
  const effect = refundEffect(input, taxablePaise, released);
  const before = recordedFigures(effect.before);
  const after = recordedFigures(effect.after);
  // After release the TDS deducted on the paid line stays (its quarter's return is not reopened); the TDS
  // on the refunded part is set off in the refund's month against the next payment to the owner, which is
  // also where the recovery is taken from: the owner returns the recovery net of the set-off.
  const setOff = effect.tdsSetOffPaise;
  return {
    amountPaise: released ? effect.recoveryPaise - setOff : effect.reversalPaise,
    taxablePaise,
    gstOnSupplyPaise: before.gstOnSupplyPaise - after.gstOnSupplyPaise,
    commissionPaise: before.commissionPaise - after.commissionPaise,
    commissionGstPaise: before.commissionGstPaise - after.commissionGstPaise,
    tcsPaise: before.tcsPaise - after.tcsPaise,
    tdsPaise: released ? setOff : before.tdsPaise - after.tdsPaise,
    tdsSetOffPaise: setOff,
  };
}

/** What the owner is due for a payout's line now (its kept value by the recorded rule): tests' oracle too. */
export function duePaise(payout: TaxedPayout): number {
  const input = taxInputOf(payout);
  return input
    ? lineTaxes(input).payout
    : ownerSharePaise(payout.valuePaise, payout.refundedTaxablePaise, payout.commissionPercent);
}
