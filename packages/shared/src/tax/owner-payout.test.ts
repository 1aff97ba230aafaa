import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../rules/indian-ids.ts';
import { refundTaxablePaise } from '../rules/refunds.ts';
import {
  applyTdsSetOff,
  basisPointsOf,
  type LineTaxInput,
  lineTaxes,
  percentToBasisPoints,
  refundEffect,
  splitTax,
  sumLineTaxes,
  tcsOf,
  tdsRateBp,
} from './owner-payout.ts';
import { commissionSupplyKind, placeOfSupply } from './place-of-supply.ts';

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
/** An owner registered in Maharashtra (27), the marketplace too; a buyer registered in Karnataka (29). */
const OWNER_MH = '27AAPFU0939F1ZV';
const MARKETPLACE_MH = withCheck('27AABCM1234A1Z');
const BUYER_KA = withCheck('29AAACB5678B1Z');

/** ₹1,00,000 of advertising, paid on 2 Dec 2026, the owner in the site's state, 15 % commission. */
const intraLine: LineTaxInput = {
  taxablePaise: 1_00_000_00,
  supply: placeOfSupply('Maharashtra', OWNER_MH).kind,
  commissionSupply: commissionSupplyKind(OWNER_MH, MARKETPLACE_MH),
  commissionBp: percentToBasisPoints(15),
  panValid: true,
  on: '2026-12-02',
};

describe('place of supply (IGST Act s.12(3)(a), Circular 203/15/2023-GST)', () => {
  it('is the site state: CGST + SGST when the site stands in the owner GSTIN state', () => {
    expect(placeOfSupply('Maharashtra', OWNER_MH)).toEqual({
      place: { code: '27', name: 'Maharashtra' },
      supplier: { code: '27', name: 'Maharashtra' },
      kind: 'intra',
    });
  });

  it('is IGST for a site in another state, whatever the buyer state (the buyer is not an input)', () => {
    const pos = placeOfSupply('Karnataka', OWNER_MH);
    expect(pos).toMatchObject({ place: { code: '29', name: 'Karnataka' }, kind: 'inter' });
    // A Karnataka buyer of a Karnataka site of a Maharashtra owner still pays IGST: the buyer's state
    // matches the site's, and that decides nothing.
    expect(BUYER_KA.slice(0, 2)).toBe(pos.place.code);
    expect(placeOfSupply('KA', OWNER_MH).kind).toBe('inter');
  });

  it('refuses an unknown site state or GSTIN state rather than guess the tax', () => {
    expect(() => placeOfSupply('Atlantis', OWNER_MH)).toThrow(/not a state/);
    expect(() => placeOfSupply('Goa', '99AAPFU0939F1ZV')).toThrow(/unknown state code 99/);
  });

  it('puts the commission where the owner is registered (IGST Act s.12(2)(a))', () => {
    expect(commissionSupplyKind(OWNER_MH, MARKETPLACE_MH)).toBe('intra');
    expect(commissionSupplyKind(BUYER_KA, MARKETPLACE_MH)).toBe('inter');
  });
});

describe('the owner payout of a line, to the paisa', () => {
  it('intra-state: GST 9 % + 9 %, commission 15 %, its GST 9 % + 9 %, TCS 0.25 % + 0.25 %, TDS 0.1 %', () => {
    expect(lineTaxes(intraLine)).toEqual({
      taxable: 1_00_000_00,
      gstOnSupply: { cgst: 9_000_00, sgst: 9_000_00, igst: 0, total: 18_000_00 },
      commission: 15_000_00,
      commissionGst: { cgst: 1_350_00, sgst: 1_350_00, igst: 0, total: 2_700_00 },
      tcs: { cgst: 250_00, sgst: 250_00, igst: 0, total: 500_00 },
      tdsBp: 10,
      tds: 100_00,
      // 1,00,000 + 18,000 - 15,000 - 2,700 - 500 - 100
      payout: 99_700_00,
    });
  });

  it('inter-state, with paise to round half up per figure (₹1,23,456.79)', () => {
    const owner = withCheck('29AAACK4321K1Z');
    const line: LineTaxInput = {
      ...intraLine,
      taxablePaise: 1_23_456_79,
      supply: placeOfSupply('Maharashtra', owner).kind,
      commissionSupply: commissionSupplyKind(owner, MARKETPLACE_MH),
    };
    expect(lineTaxes(line)).toEqual({
      taxable: 1_23_456_79,
      // 18 % of 1,23,45,679 paise = 22,22,222.22 -> 22,22,222
      gstOnSupply: { cgst: 0, sgst: 0, igst: 22_222_22, total: 22_222_22 },
      // 15 % = 18,51,851.85 -> 18,51,852
      commission: 18_518_52,
      // 18 % of 18,51,852 = 3,33,333.36 -> 3,33,333
      commissionGst: { cgst: 0, sgst: 0, igst: 3_333_33, total: 3_333_33 },
      // 0.5 % = 61,728.395 -> 61,728
      tcs: { cgst: 0, sgst: 0, igst: 617_28, total: 617_28 },
      tdsBp: 10,
      // 0.1 % = 12,345.679 -> 12,346
      tds: 123_46,
      payout: 1_23_456_79 + 22_222_22 - 18_518_52 - 3_333_33 - 617_28 - 123_46,
    });
    expect(lineTaxes(line).payout).toBe(1_23_086_42);
  });

  it('takes TDS at 5 % when the owner has no valid PAN (s.206AA(1A))', () => {
    const t = lineTaxes({ ...intraLine, panValid: false });
    expect(t.tdsBp).toBe(500);
    expect(t.tds).toBe(5_000_00);
    expect(t.payout).toBe(99_700_00 + 100_00 - 5_000_00);
  });

  it('uses the rates in force on the day: TCS 1 % and TDS 1 % before their 2024 cuts', () => {
    expect(tcsOf(1_00_000_00, 'intra', '2024-07-09')).toMatchObject({ cgst: 500_00, sgst: 500_00 });
    expect(tcsOf(1_00_000_00, 'intra', '2024-07-10')).toMatchObject({ cgst: 250_00, sgst: 250_00 });
    expect(tcsOf(1_00_000_00, 'inter', '2024-07-09').igst).toBe(1_000_00);
    expect(tdsRateBp(true, '2024-09-30')).toBe(100);
    expect(tdsRateBp(true, '2024-10-01')).toBe(10);
    expect(() => tdsRateBp(true, '2019-01-01')).toThrow(/no rate in force/);
  });

  it('a partial refund before release lowers every figure; the held transfer is reversed by the difference', () => {
    const effect = refundEffect(intraLine, 40_000_00, false);
    expect(effect.after).toEqual({
      taxable: 60_000_00,
      gstOnSupply: { cgst: 5_400_00, sgst: 5_400_00, igst: 0, total: 10_800_00 },
      commission: 9_000_00,
      commissionGst: { cgst: 810_00, sgst: 810_00, igst: 0, total: 1_620_00 },
      tcs: { cgst: 150_00, sgst: 150_00, igst: 0, total: 300_00 },
      tdsBp: 10,
      tds: 60_00,
      payout: 59_820_00,
    });
    expect(effect).toMatchObject({ reversalPaise: 39_880_00, recoveryPaise: 0, tdsSetOffPaise: 0 });
    expect(effect.before.payout - effect.reversalPaise).toBe(effect.after.payout);
  });

  it('a partial refund after release: the paid TDS stays, the owner returns the rest, TDS on the refund is set off', () => {
    const effect = refundEffect(intraLine, 40_000_00, true);
    expect(effect.after.tds).toBe(100_00);
    expect(effect.after.payout).toBe(59_820_00 - 40_00);
    expect(effect).toMatchObject({ reversalPaise: 0, recoveryPaise: 39_920_00, tdsSetOffPaise: 40_00 });
    // Net to the owner, once the set-off comes back with the next payment, is the held-line case.
    expect(effect.recoveryPaise - effect.tdsSetOffPaise).toBe(39_880_00);
  });

  it('a full refund after release: the owner returns all but the TDS, which the next payment sets off', () => {
    // The buyer is refunded the line's ₹1,18,000 with GST; its taxable part is the whole ₹1,00,000.
    const taxable = refundTaxablePaise(1_18_000_00, 1_18_000_00, 1_00_000_00);
    expect(taxable).toBe(1_00_000_00);
    const effect = refundEffect(intraLine, taxable, true);
    expect(effect.after).toMatchObject({
      taxable: 0,
      gstOnSupply: { total: 0 },
      commission: 0,
      commissionGst: { total: 0 },
      tcs: { total: 0 },
      tds: 100_00,
      payout: -100_00,
    });
    expect(effect).toMatchObject({ recoveryPaise: 99_800_00, tdsSetOffPaise: 100_00 });
    // The next line of this owner: its TDS of ₹100 is met by the set-off, the payment is ₹100 more.
    const next = lineTaxes(intraLine);
    const setOff = applyTdsSetOff(next.tds, effect.tdsSetOffPaise);
    expect(setOff).toEqual({ tds: 0, used: 100_00, left: 0 });
    expect(next.payout + setOff.used).toBe(99_800_00);
    // Transferred 99,700, recovered 99,800, next paid 99,800: the owner holds 99,700, one line's worth.
    expect(99_700_00 - effect.recoveryPaise + next.payout + setOff.used).toBe(99_700_00);
  });

  it('carries a set-off larger than the next TDS to the payment after', () => {
    expect(applyTdsSetOff(30_00, 100_00)).toEqual({ tds: 0, used: 30_00, left: 70_00 });
    expect(applyTdsSetOff(100_00, 0)).toEqual({ tds: 100_00, used: 0, left: 0 });
  });

  it('refuses refunding more than the line, negative or fractional paise', () => {
    expect(() => refundEffect(intraLine, 1_00_000_01, false)).toThrow(/more than its taxable value/);
    expect(() => lineTaxes({ ...intraLine, taxablePaise: 10.5 })).toThrow(/integer of paise/);
    expect(() => basisPointsOf(-1, 10)).toThrow();
  });

  it('totals are the sums of the lines', () => {
    const a = lineTaxes(intraLine);
    const b = refundEffect(intraLine, 40_000_00, false).after;
    const t = sumLineTaxes([a, b]);
    expect(t.taxable).toBe(1_60_000_00);
    expect(t.tcs).toEqual({ cgst: 400_00, sgst: 400_00, igst: 0, total: 800_00 });
    expect(t.payout).toBe(a.payout + b.payout);
    expect(t.taxable + t.gstOnSupply.total - t.commission - t.commissionGst.total - t.tcs.total - t.tds).toBe(
      t.payout,
    );
  });
});

describe('rounding and rates', () => {
  it('rounds half up in integers, exactly beyond 2^53', () => {
    expect(basisPointsOf(50, 900)).toBe(5); // 4.5 -> 5
    expect(basisPointsOf(49, 900)).toBe(4); // 4.41 -> 4
    expect(basisPointsOf(12_345, 10)).toBe(12); // 12.345 -> 12
    expect(basisPointsOf(12_500, 10)).toBe(13); // 12.5 -> 13
    expect(basisPointsOf(12_499, 10)).toBe(12); // 12.499 -> 12
    expect(basisPointsOf(15, 1_000)).toBe(2); // 1.5 -> 2
    expect(basisPointsOf(Number.MAX_SAFE_INTEGER, 1800)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 1800n * 2n + 10_000n) / 20_000n),
    );
  });

  it('splits intra-state tax into two rounded halves (together a paisa above IGST at most)', () => {
    expect(splitTax(50, 1800, 'intra')).toEqual({ cgst: 5, sgst: 5, igst: 0, total: 10 });
    expect(splitTax(50, 1800, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 9, total: 9 });
  });

  it('reads a commission setting as basis points, refusing more than two decimals', () => {
    expect(percentToBasisPoints(15)).toBe(1500);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(7.25)).toBe(725);
    expect(() => percentToBasisPoints(12.345)).toThrow(/two decimals/);
    expect(() => percentToBasisPoints(101)).toThrow();
  });
});
