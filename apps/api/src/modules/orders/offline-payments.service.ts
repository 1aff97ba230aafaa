import { cashLimitRefusal, formatDateTimeIst, todayIst, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { HttpError } from '../../lib/errors.ts';
import { queueCashOrderPlaced } from '../notifications/notifications.service.ts';
import { orderContacts } from './order-contacts.service.ts';
import { setOfflineMethod, sumUnpaidCashSince } from './orders.repository.ts';

/** India has one offset all year: a calendar day there starts at 00:00+05:30. */
const startOfIstDay = (now: Date) => new Date(`${todayIst(now)}T00:00:00+05:30`);

/**
 * Before an order is held for an offline payment: cash (not bank transfer) is refused with a 422 when the
 * order, or the buyer's unpaid cash orders of the IST day with it, reach ₹2,00,000 including GST
 * (Income Tax Act s.269ST, docs/product-rules.md section 14).
 */
export async function assertCashAllowed(
  deps: Pick<AppDeps, 'database'>,
  input: { userId: number; orderId: number; amountPaise: number; now: Date },
): Promise<void> {
  const others = await sumUnpaidCashSince(
    deps.database.db,
    input.userId,
    startOfIstDay(input.now),
    input.now,
    input.orderId,
  );
  const refusal = cashLimitRefusal(input.amountPaise, others);
  if (refusal) throw new HttpError(422, 'cash_limit', refusal, { payment: refusal });
}

/**
 * After an order is held for an offline payment: records cash or bank transfer, and tells the buyer by
 * SMS and email what to pay (the total with GST), to whom (the company's bank details) and by when.
 */
export async function recordOfflineOrder(
  deps: Pick<AppDeps, 'database' | 'config'>,
  input: { orderId: number; method: 'cash' | 'bank_transfer'; amountPaise: number; until: Date },
): Promise<void> {
  const db = deps.database.db;
  await setOfflineMethod(db, input.orderId, input.method);
  const company = deps.config.company;
  await queueCashOrderPlaced(
    db,
    input.orderId,
    {
      orderId: input.orderId,
      amountRupees: toRupees(input.amountPaise),
      method: input.method,
      reservedUntil: `${formatDateTimeIst(input.until)} IST`,
      payee: company.name,
      bankName: company.bank.name,
      bankAccount: company.bank.account,
      ifsc: company.bank.ifsc,
    },
    orderContacts,
  );
}
