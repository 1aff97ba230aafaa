import { describe, expect, it } from 'vitest';
import { type LedgerInput, lineLedger, orderLedger, refundSpread } from './order-ledger.ts';

const lines = [
  { id: 1, pricePaise: 40_000_00, status: 'scheduled' },
  { id: 2, pricePaise: 34_000_00, status: 'scheduled' },
];
// ₹74,000 + 18 % GST = ₹87,320.
const paid: LedgerInput = { status: 'paid', paid: true, totalPaise: 87_320_00, refunds: [], lines };

describe('orderLedger', () => {
  it('a paid order without refunds reads paid, net = total', () => {
    expect(orderLedger(paid)).toMatchObject({ status: 'paid', refundedPaise: 0, netPaise: 87_320_00 });
  });

  it('counts only processed refunds: pending and failed ones have not left', () => {
    const r = orderLedger({
      ...paid,
      refunds: [
        { amountPaise: 10_000_00, status: 'processed', lineIds: [] },
        { amountPaise: 5_000_00, status: 'pending', lineIds: [] },
        { amountPaise: 7_000_00, status: 'failed', lineIds: [] },
      ],
    });
    expect(r).toMatchObject({ status: 'partially_refunded', refundedPaise: 10_000_00, netPaise: 77_320_00 });
  });

  it('a full refund never reads "paid"; a refund still pending never reads "refunded"', () => {
    const full = { amountPaise: 87_320_00, lineIds: [1, 2] };
    const cancelled = lines.map((l) => ({ ...l, status: 'cancelled' }));
    expect(
      orderLedger({ ...paid, lines: cancelled, refunds: [{ ...full, status: 'processed' }] }),
    ).toMatchObject({
      status: 'refunded',
      netPaise: 0,
    });
    expect(orderLedger({ ...paid, refunds: [{ ...full, status: 'pending' }] }).status).toBe('paid');
  });

  it('every line cancelled with half refunded reads cancelled; one of two live lines counts', () => {
    const one = [lines[0], { ...lines[1], status: 'cancelled' }];
    expect(orderLedger({ ...paid, lines: one })).toMatchObject({
      status: 'paid',
      liveLines: 1,
      totalLines: 2,
    });
    const none = lines.map((l) => ({ ...l, status: 'cancelled' }));
    expect(
      orderLedger({ ...paid, lines: none, refunds: [{ amountPaise: 100, status: 'processed', lineIds: [] }] })
        .status,
    ).toBe('cancelled');
  });

  it('unpaid orders are unpaid with nothing kept', () => {
    for (const status of ['pending_payment', 'awaiting_payment'] as const)
      expect(orderLedger({ ...paid, status, paid: false })).toMatchObject({
        status,
        unpaid: true,
        netPaise: 0,
      });
  });
});

describe('lineLedger', () => {
  it('splits the charge and a line refund so groups add up to the order', () => {
    const byLine = lineLedger({
      ...paid,
      refunds: [
        { amountPaise: 47_200_00, status: 'processed', lineIds: [1] },
        { amountPaise: 999, status: 'failed', lineIds: [2] },
      ],
    });
    expect(byLine.get(1)).toEqual({ totalPaise: 47_200_00, refundedPaise: 47_200_00 });
    expect(byLine.get(2)).toEqual({ totalPaise: 40_120_00, refundedPaise: 0 });
  });

  it("spreads an operator's amount-only refund over what each line has left, never onto a line refunded in full", () => {
    const byLine = lineLedger({
      ...paid,
      refunds: [
        { amountPaise: 47_200_00, status: 'processed', lineIds: [1] },
        { amountPaise: 2_000_00, status: 'processed', lineIds: [] },
      ],
    });
    expect(byLine.get(1)).toEqual({ totalPaise: 47_200_00, refundedPaise: 47_200_00 });
    expect(byLine.get(2)).toEqual({ totalPaise: 40_120_00, refundedPaise: 2_000_00 });
  });
});

describe('refundSpread', () => {
  it('weighs amount-only refunds by what is left, in the order given, and adds up exactly', () => {
    const spread = refundSpread(lines, 87_320_00, [
      { amountPaise: 10_000_00, lineIds: [] },
      { amountPaise: 20_000_00, lineIds: [2] },
      { amountPaise: 999, lineIds: [] },
    ]);
    // Shares ₹47,200 and ₹40,120: ₹10,000 splits 5,405.40... : 4,594.59...
    expect([...spread[0].values()].reduce((s, x) => s + x, 0)).toBe(10_000_00);
    expect(spread[0].get(1)! > spread[0].get(2)!).toBe(true);
    expect([...spread[1].entries()]).toEqual([[2, 20_000_00]]);
    const left1 = 47_200_00 - spread[0].get(1)!;
    const left2 = 40_120_00 - spread[0].get(2)! - 20_000_00;
    expect(spread[2].get(1)! + spread[2].get(2)!).toBe(999);
    expect(spread[2].get(1)! / 999).toBeCloseTo(left1 / (left1 + left2), 2);
  });

  it('a line refunded after a goodwill refund never exceeds its share: the excess goes to the other line', () => {
    const [goodwill, cancelA] = refundSpread(lines, 87_320_00, [
      { amountPaise: 2_000_00, lineIds: [] },
      { amountPaise: 47_200_00, lineIds: [1] },
    ]);
    const a = (goodwill.get(1) ?? 0) + (cancelA.get(1) ?? 0);
    const b = (goodwill.get(2) ?? 0) + (cancelA.get(2) ?? 0);
    expect(a).toBe(47_200_00);
    expect(a + b).toBe(49_200_00);
  });
});
