import { describe, expect, it } from 'vitest';
import { CASH_LIMIT_PAISE, cashLimitRefusal } from './cash-limit.ts';

describe('cash limit (s.269ST)', () => {
  it("allows cash below ₹2,00,000 including GST, alone and with the day's other cash orders", () => {
    expect(cashLimitRefusal(CASH_LIMIT_PAISE - 1, 0)).toBeNull();
    expect(cashLimitRefusal(87_320_00, 1_00_000_00)).toBeNull();
  });
  it('refuses an order that reaches the limit, or a day that does', () => {
    expect(cashLimitRefusal(CASH_LIMIT_PAISE, 0)).toMatch(/269ST.*₹2,00,000\.00 including GST/);
    expect(cashLimitRefusal(1_00_000_00, 1_00_000_00)).toMatch(/in a day.*₹2,00,000\.00 including GST/);
  });
});
