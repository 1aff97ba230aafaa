import {
  type BookingDateItem,
  type BookingValidateResponse,
  type BookRequest,
  type CheckoutRequest,
  type CheckoutResponse,
  formatRupees,
  HOLD_MINUTES,
  MAX_UNPAID_ORDERS,
  type Order,
  toPaise,
  toRupees,
} from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound, sqlState } from '../../lib/errors.ts';
import {
  claimKey,
  type IdempotentCall,
  idempotentCall,
  onceForKey,
  recordResult,
} from '../idempotency/idempotency.service.ts';
import { assertCashAllowed, recordOfflineOrder } from '../orders/offline-payments.service.ts';
import {
  holdForCash,
  type NewOrder,
  type OrderRow,
  openOnlineWindow,
  placeOrder,
  recordProviderOrder,
  recordTaxes,
  releaseInTheWay,
} from '../orders/order-records.service.ts';
import { paymentProviderOf } from '../payments/payments.service.ts';
import { profileOf } from '../users/users.service.ts';
import { inspectItems, type PricedItem, type Problem, reasonMessage } from './booking-items.ts';
import {
  countUnpaidOrders,
  findOrderOfUser,
  findTakenRanges,
  lockBuyerOrders,
} from './bookings.repository.ts';
import { taxesFromProfile } from './order-taxes.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'payments'>;

/** POST /booking/validate: status true when every line is a valid, free range. */
export async function validateItems(
  deps: Deps,
  lines: BookingDateItem[],
  userId: number | null,
): Promise<BookingValidateResponse> {
  const { problems } = await inspectItems(deps.database.db, lines, {
    now: deps.clock.now(),
    userId,
    strictCampaignOwner: false,
    checkTaken: true,
  });
  if (!problems.length) return { data: { status: true } };
  return { data: { status: false, unavailable: problems.map(({ idx: _idx, ...p }) => p) } };
}

const describe = (p: { name: string | null; product_id: number; from_date: string; to_date: string }) =>
  `${p.name ?? `Site ${p.product_id}`} (${p.from_date} to ${p.to_date})`;

function sitesUnavailable(problems: Problem[]): HttpError {
  const fields = Object.fromEntries(problems.map((p) => [`data.${p.idx}`, `${describe(p)}: ${p.message}`]));
  return new HttpError(
    409,
    'sites_unavailable',
    `Sorry, ${problems.map(describe).join(', ')} ${problems.length === 1 ? 'is' : 'are'} no longer available. Please choose other dates.`,
    fields,
  );
}

const MAX_ATTEMPTS = 3;

/**
 * POST /booking/book: prices the lines on the server, refuses a total the buyer did not see, then in one
 * transaction releases stale holds and writes the order with a 15-minute hold per line. The database's
 * EXCLUDE constraint is the judge of "taken": a 23P01 becomes 409 sites_unavailable with nothing written.
 * With an Idempotency-Key a repeat (double click, retry, concurrent duplicate) answers the first order.
 */
export function bookOrder(deps: Deps, userId: number, body: BookRequest, key?: string): Promise<Order> {
  const call = idempotentCall(userId, 'booking_book', key, body);
  return onceForKey(deps.database.db, call, () => placeNewOrder(deps, userId, body, call));
}

async function placeNewOrder(
  deps: Deps,
  userId: number,
  body: BookRequest,
  call: IdempotentCall | null,
): Promise<Order> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const { problems, items } = await inspectItems(db, body.data, {
    now,
    userId,
    strictCampaignOwner: true,
    checkTaken: false,
  });
  const unlisted = problems.filter((p) => p.reason === 'not_listed');
  if (unlisted.length) {
    // A site its owner paused (or not yet approved) is a conflict with the catalogue's state, not bad input.
    const names = unlisted.map((p) => p.name ?? `Site ${p.product_id}`);
    throw new HttpError(
      409,
      'sites_unavailable',
      `Sorry, ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not taking bookings right now. Please remove ${names.length === 1 ? 'it' : 'them'} from your cart.`,
      Object.fromEntries(unlisted.map((p) => [`data.${p.idx}`, `${describe(p)}: ${p.message}`])),
    );
  }
  if (problems.length) {
    const fields = Object.fromEntries(problems.map((p) => [`data.${p.idx}`, `${describe(p)}: ${p.message}`]));
    throw new HttpError(
      400,
      'bad_request',
      `Line ${problems[0].idx + 1}, ${describe(problems[0])}: ${problems[0].message}`,
      fields,
    );
  }
  const totalPaise = items.reduce((sum, i) => sum + i.pricePaise, 0);
  // A business cap (MAX_ORDER_RUPEES), not a storage limit: money columns are bigint (docs/product-rules.md section 10).
  const maxPaise = deps.config.maxOrderPaise;
  if (totalPaise > maxPaise) {
    throw new HttpError(
      400,
      'order_too_large',
      `This order totals ${formatRupees(toRupees(totalPaise))}, more than the ${formatRupees(toRupees(maxPaise))} one order may hold. Please split it into smaller orders.`,
      { amount: `The total may be at most ${formatRupees(toRupees(maxPaise))}.` },
    );
  }
  if (toPaise(body.amount) !== totalPaise) {
    throw new HttpError(
      409,
      'price_changed',
      `The total is now ${formatRupees(toRupees(totalPaise))}, not ${formatRupees(body.amount)}. Please review your cart.`,
      { amount: String(toRupees(totalPaise)) },
    );
  }
  await refuseTaken(deps, items, now, userId);
  // Known billing details fix the taxes now; otherwise checkout records them (and asks for what is missing).
  const priced = taxesFromProfile(totalPaise, await profileOf(db, userId), deps.config.company.state);
  const taxes = priced.ok ? priced.taxes : undefined;

  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  return inTransaction(
    db,
    async (tx) => {
      // First: a concurrent duplicate waits here and then answers this order, never placing its own.
      await claimKey(tx, call, now);
      const placed = await placeWithinLimit(tx, {
        userId,
        amountPaise: taxes?.amountPaise ?? totalPaise,
        taxes,
        now,
        expiresAt,
        items,
      });
      const order = toOrder(placed.order, items);
      await recordResult(tx, call, order);
      return order;
    },
    {
      attempts: MAX_ATTEMPTS,
      retryWhen: async (err, _attempt, last) => {
        if (sqlState(err) !== '23P01') return false;
        await refuseTaken(deps, items, now, userId);
        // The winner rolled back between our failure and the look-up: the sites are free again, try once more.
        if (last) throw conflict('These sites are being booked by someone else right now. Please try again.');
        return true;
      },
    },
  );
}

const tooManyUnpaid = () =>
  new HttpError(
    409,
    'too_many_unpaid_orders',
    `You already have ${MAX_UNPAID_ORDERS} unpaid orders. Please pay for one of them, or wait until its reservation ends, before placing another.`,
  );

/**
 * One transaction, with the buyer's placements serialised: what stands in the way is released (the
 * buyer's own overlapping open orders are replaced, so placing the same cart again is no new order), then
 * the buyer's unpaid orders are counted - at most MAX_UNPAID_ORDERS hold sites at once (docs/product-rules.md
 * section 3) - and only then is the order written. A refusal rolls everything back.
 */
async function placeWithinLimit(tx: Deps['database']['db'], order: NewOrder) {
  await lockBuyerOrders(tx, order.userId);
  await releaseInTheWay(tx, order);
  if ((await countUnpaidOrders(tx, order.userId, order.now)) >= MAX_UNPAID_ORDERS) throw tooManyUnpaid();
  return placeOrder(tx, order);
}

async function refuseTaken(deps: Deps, items: PricedItem[], now: Date, userId: number) {
  const ranges = items.map((i, idx) => ({
    idx,
    product_id: i.productId,
    from_date: i.fromDate,
    to_date: i.toDate,
  }));
  const taken = await findTakenRanges(deps.database.db, ranges, now, userId);
  if (!taken.size) return;
  const problems: Problem[] = [...taken]
    .sort((a, b) => a - b)
    .map((idx) => ({
      idx,
      product_id: items[idx].productId,
      name: items[idx].productName,
      from_date: items[idx].fromDate,
      to_date: items[idx].toDate,
      reason: 'booked' as const,
      message: reasonMessage('booked'),
    }));
  throw sitesUnavailable(problems);
}

function toOrder(order: OrderRow, items: PricedItem[]): Order {
  return {
    order_id: order.id,
    // The product spec's total: the sum of the lines, without GST (checkout answers what is charged).
    amount: toRupees(order.subtotalPaise),
    status: order.status,
    expires_at: order.expiresAt.toISOString(),
    items: items.map((i) => ({
      product_id: i.productId,
      name: i.productName,
      campaign_id: i.campaignId,
      campaign_name: i.campaignName,
      from_date: i.fromDate,
      to_date: i.toDate,
      days: i.days,
      price: toRupees(i.pricePaise),
    })),
  };
}

/**
 * Before any provider order exists the taxes follow the buyer's current details (they may have changed
 * their billing state after placing): recorded now, so the provider order and the invoice agree. After
 * that the amount is fixed. Missing details are a 400 asking for them.
 */
async function withCurrentTaxes(deps: Deps, order: OrderRow, userId: number): Promise<OrderRow> {
  if (order.providerOrderId) return order;
  const db = deps.database.db;
  const priced = taxesFromProfile(
    order.subtotalPaise,
    await profileOf(db, userId),
    deps.config.company.state,
  );
  if (!priced.ok) throw priced.error;
  const t = priced.taxes;
  const same =
    order.amountPaise === t.amountPaise &&
    order.placeOfSupply === t.placeOfSupply &&
    order.buyerGstin === t.buyerGstin &&
    JSON.stringify(order.billing) === JSON.stringify(t.billing);
  if (same) return order;
  return (await inTransaction(db, (tx) => recordTaxes(tx, order.id, t))) ?? order;
}

/** The order must still be open and within its hold to be paid. */
export function assertPayable(order: OrderRow, now: Date): void {
  if (order.paidAt !== null) throw new HttpError(409, 'order_paid', 'This order is already paid.');
  if (order.status === 'failed' || order.status === 'cancelled') {
    throw new HttpError(409, 'order_closed', 'This order was closed. Please place a new order.');
  }
  if (order.status === 'expired' || order.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(
      409,
      'order_expired',
      'The 15 minutes to pay for this order are over. Please place the order again.',
    );
  }
}

/**
 * POST /booking/checkout. Online: creates the provider order once (receipt = our order id, expiring with
 * the hold); a retry answers the same provider order. Cash: the order awaits payment at the office; its
 * holds last CASH_HOLD_HOURS counted from placing the order - choosing cash again, or switching back and
 * forth, never moves that time (docs/product-rules.md section 3) - and nothing is confirmed before money arrives.
 */
export async function checkout(
  deps: Deps,
  log: FastifyBaseLogger,
  userId: number,
  body: CheckoutRequest,
): Promise<CheckoutResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const found = await findOrderOfUser(db, body.order_id, userId);
  if (!found) throw notFound('Order');
  assertPayable(found, now);
  let order = await withCurrentTaxes(deps, found, userId);
  const base = {
    order_id: order.id,
    amount: order.amountPaise,
    currency: 'INR' as const,
    expires_at: order.expiresAt.toISOString(),
  };
  if (body.payment === 'cash' || body.payment === 'bank_transfer') {
    // s.269ST: cash (not a bank transfer) stops at ₹2,00,000 per order or per buyer per day, GST included.
    if (body.payment === 'cash')
      await assertCashAllowed(deps, { userId, orderId: order.id, amountPaise: order.amountPaise, now });
    const cashEnd = order.createdAt.getTime() + deps.config.cashHoldHours * 3_600_000;
    // The cash hold is set once, CASH_HOLD_HOURS from placing; once an online window was opened the hold
    // never grows again (choosing a payment method never extends a hold).
    const until = order.providerOrderId
      ? order.expiresAt
      : new Date(Math.max(order.expiresAt.getTime(), cashEnd));
    const held = await inTransaction(db, (tx) => holdForCash(tx, order.id, until));
    if (!held) throw conflict('This order can no longer be paid.');
    await recordOfflineOrder(deps, {
      orderId: order.id,
      method: body.payment,
      amountPaise: order.amountPaise,
      until: held.expiresAt,
    });
    return {
      ...base,
      expires_at: held.expiresAt.toISOString(),
      provider: 'cash',
      razor_pay_order_id: null,
      key_id: null,
      checkout_url: null,
    };
  }

  const provider = paymentProviderOf(deps);
  if (order.paymentMethod === 'cash' || order.status === 'awaiting_payment') {
    // Pay online on a cash order: the short online window, ending no later than the cash hold did.
    const opened = await inTransaction(db, (tx) =>
      openOnlineWindow(tx, order.id, now, HOLD_MINUTES * 60_000),
    );
    if (!opened) throw conflict('This order can no longer be paid.');
    order = opened;
    base.expires_at = opened.expiresAt.toISOString();
  }
  let providerOrderId = order.providerOrderId;
  if (!providerOrderId) {
    // The provider order must charge the order's current total: taxes recorded by a concurrent checkout
    // (another tab, a changed billing state) while it was being made leave it stale, and it is made again.
    let amountPaise = order.amountPaise;
    for (let attempt = 1; ; attempt += 1) {
      const created = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt: String(order.id),
        notes: { order_id: String(order.id) },
        expiresAt: order.expiresAt,
        now,
      });
      const outcome = await inTransaction(db, (tx) =>
        recordProviderOrder(tx, order.id, provider.name, created.id, amountPaise),
      );
      if (outcome.kind === 'stale') {
        if (attempt >= 3) throw conflict('The total of this order keeps changing. Please try again.');
        amountPaise = outcome.order.amountPaise;
        continue;
      }
      if (outcome.kind === 'closed' || !outcome.order.providerOrderId)
        throw conflict('This order can no longer be paid.');
      // attached: ours; taken: a concurrent checkout stored its provider order first.
      providerOrderId = outcome.order.providerOrderId;
      base.amount = outcome.order.amountPaise;
      if (outcome.kind === 'attached')
        log.info({ orderId: order.id, providerOrderId }, 'provider order created');
      break;
    }
  }
  return {
    ...base,
    provider: provider.name,
    razor_pay_order_id: providerOrderId,
    key_id: provider.keyId,
    // The sandbox window's address carries the order's pay token: this answer goes only to the buyer.
    checkout_url: provider.checkoutUrl?.(providerOrderId) ?? null,
  };
}

/**
 * Prices a quotation's lines by the same rules and prices as /booking/book, for anyone (no campaign owner
 * check, no availability check: a quotation reserves nothing). A line breaking the rules is a 400.
 */
export async function priceQuoteLines(deps: Pick<Deps, 'database' | 'clock'>, lines: BookingDateItem[]) {
  const { problems, items } = await inspectItems(deps.database.db, lines, {
    now: deps.clock.now(),
    userId: null,
    strictCampaignOwner: false,
    checkTaken: false,
  });
  if (problems.length) {
    const fields = Object.fromEntries(problems.map((p) => [`data.${p.idx}`, `${describe(p)}: ${p.message}`]));
    throw new HttpError(
      400,
      'bad_request',
      `Line ${problems[0].idx + 1}, ${describe(problems[0])}: ${problems[0].message}`,
      fields,
    );
  }
  return items;
}
