import { describe, expect, it } from 'vitest';
import { checkParts, RefundPartError, readOrderLedger, spreadOverLines } from './refund-lines.ts';

/** Two lines of ₹10,500 and ₹21,000 + 18 % GST: ₹12,390 and ₹24,780 of ₹37,170 charged. */
const lines = [
  { id: 1, pricePaise: 10_500_00, status: 'scheduled' },
  { id: 2, pricePaise: 21_000_00, status: 'scheduled' },
];
const refund = (id: number, over: object) => ({
  id,
  kind: 'operator',
  amountPaise: 0,
  status: 'processed' as const,
  lineIds: [] as number[],
  ...over,
});

describe('readOrderLedger (decision 065)', () => {
  it("gives each line's paid, refunded and left from the refunds' own parts; refundable is the lines' left", () => {
    const ledger = readOrderLedger({
      paid: true,
      chargedPaise: 37_170_00,
      lines,
      refunds: [
        refund(1, { amountPaise: 12_390_00, parts: [{ lineId: 1, paise: 12_390_00 }] }),
        refund(2, { amountPaise: 1_000_00, status: 'failed', parts: [{ lineId: 2, paise: 1_000_00 }] }),
        refund(3, { amountPaise: 500_00, status: 'abandoned', parts: [{ lineId: 2, paise: 500_00 }] }),
      ],
    });
    expect(
      ledger.lines.map((l) => [l.id, l.paidPaise, l.refundedPaise, l.committedPaise, l.leftPaise]),
    ).toEqual([
      [1, 12_390_00, 12_390_00, 12_390_00, 0],
      [2, 24_780_00, 0, 1_000_00, 23_780_00],
    ]);
    expect(ledger.refundedPaise).toBe(12_390_00);
    expect(ledger.committedPaise).toBe(13_390_00);
    expect(ledger.refundablePaise).toBe(23_780_00);
  });

  it('keeps a payment reversal out of every figure and every line', () => {
    const ledger = readOrderLedger({
      paid: true,
      chargedPaise: 37_170_00,
      lines,
      refunds: [refund(9, { kind: 'late_payment', amountPaise: 37_170_00 })],
    });
    expect(ledger.reversals.map((r) => r.id)).toEqual([9]);
    expect(ledger.refunds).toEqual([]);
    expect(ledger.refundedPaise).toBe(0);
    expect(ledger.refundablePaise).toBe(37_170_00);
  });

  it('reads a refund from before (no parts) by the old spread, after the earlier ones', () => {
    const ledger = readOrderLedger({
      paid: true,
      chargedPaise: 37_170_00,
      lines,
      refunds: [
        refund(1, { amountPaise: 12_390_00, parts: [{ lineId: 1, paise: 12_390_00 }] }),
        refund(2, { amountPaise: 1_000_00 }),
      ],
    });
    // Line 1 has nothing left: the old amount-only refund goes to line 2 alone.
    expect(ledger.refunds[1]!.parts).toEqual([{ lineId: 2, paise: 1_000_00 }]);
  });

  it('an order never paid has nothing to refund', () => {
    expect(
      readOrderLedger({ paid: false, chargedPaise: 37_170_00, lines, refunds: [] }).refundablePaise,
    ).toBe(0);
  });
});

describe('spreadOverLines and checkParts', () => {
  const open = [
    { id: 1, leftPaise: 1_000_00 },
    { id: 2, leftPaise: 3_000_00 },
  ];
  it('shares an amount by what each line has left, to the paisa, never above a line', () => {
    expect(spreadOverLines(1_000_01, open)).toEqual([
      { lineId: 1, paise: 250_00 },
      { lineId: 2, paise: 750_01 },
    ]);
    expect(spreadOverLines(4_000_00, open)).toEqual([
      { lineId: 1, paise: 1_000_00 },
      { lineId: 2, paise: 3_000_00 },
    ]);
    expect(() => spreadOverLines(4_000_01, open)).toThrow(RefundPartError);
  });
  it("refuses a part above its line's left, or a line not in the order", () => {
    expect(checkParts([{ lineId: 1, paise: 1_000_00 }], open)).toEqual([{ lineId: 1, paise: 1_000_00 }]);
    expect(() => checkParts([{ lineId: 1, paise: 1_000_01 }], open)).toThrow(/Only ₹1000.00 is left/);
    expect(() => checkParts([{ lineId: 7, paise: 1 }], open)).toThrow(/not in this order/);
  });
});
