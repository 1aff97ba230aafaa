import { formatPaise } from '../india/india-format.ts';

/**
 * Income Tax Act s.269ST: nobody may receive ₹2,00,000 or more in cash from one person in a day, or for
 * one transaction. An order paid in cash (not by bank transfer) is refused when it, or the buyer's unpaid
 * cash orders of that IST day together with it, reach the limit, GST included (docs/product-rules.md section 14).
 */
export const CASH_LIMIT_PAISE = 2_00_000_00;

/** The refusal in plain words, or null when cash is allowed. */
export function cashLimitRefusal(orderPaise: number, otherUnpaidCashTodayPaise: number): string | null {
  const limit = formatPaise(CASH_LIMIT_PAISE);
  if (orderPaise >= CASH_LIMIT_PAISE)
    return `Cash payments of ${limit} or more are not allowed by law (Income Tax Act s.269ST): this order is ${formatPaise(orderPaise)} including GST. Please pay by bank transfer or online.`;
  const together = orderPaise + otherUnpaidCashTodayPaise;
  if (together >= CASH_LIMIT_PAISE)
    return `Cash payments of ${limit} or more in a day are not allowed by law (Income Tax Act s.269ST): with your other cash orders of today this comes to ${formatPaise(together)} including GST. Please pay by bank transfer or online.`;
  return null;
}
