import {
  type BookingDateItem,
  type BookingValidateResponse,
  type BookRequest,
  formatRupees,
  HOLD_MINUTES,
  MAX_UNPAID_ORDERS,
  type Order,
  priceLineToWire,
  toPaise,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, sqlState } from '../../lib/errors.ts';
import { refuseOverMonthlyLimit, requireClientApproval } from '../agencies/client-rules.service.ts';
import {
  claimKey,
  type IdempotentCall,
  idempotentCall,
  onceForKey,
  recordResult,
} from '../idempotency/idempotency.service.ts';
import { clientMonthSpend, takenRanges, unpaidOrderCount } from '../orders/booking-reads.service.ts';
import {
  type NewOrder,
  type OrderRow,
  placeOrder,
  releaseInTheWay,
} from '../orders/order-records.service.ts';
import { billingProfileOf, withPoNumber } from './billing-profile.service.ts';
import { inspectItems, type PricedItem, type Problem, reasonMessage } from './booking-items.ts';
import { lockBuyerOrders, lockSites } from './bookings.repository.ts';
import { taxesFromProfile } from './order-taxes.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'payments'>;

/** POST /booking/validate: status true when every line is a valid, free range. */
export async function validateItems(
  deps: Deps,
  lines: BookingDateItem[],
  userId: number | null,
): Promise<BookingValidateResponse> {
  const { problems, items } = await inspectItems(deps.database.db, lines, {
    now: deps.clock.now(),
    userId,
    strictCampaignOwner: false,
    checkTaken: true,
  });
  // The prices the cart shows and sends back as `amount`: the server's, so a rate card never loops a buyer.
  if (!problems.length)
    return {
      status: true,
      prices: items.map((i) => toRupees(i.pricePaise)),
      price_lines: items.map((i) => i.priceLines.map(priceLineToWire)),
      amount: toRupees(items.reduce((sum, i) => sum + i.pricePaise, 0)),
    };
  return { status: false, unavailable: problems.map(({ idx: _idx, ...p }) => p) };
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
export function bookOrder(
  deps: Deps,
  userId: number,
  body: BookRequest,
  key?: string,
  agreed?: AgreedPrices,
): Promise<Order> {
  const call = idempotentCall(userId, 'booking_book', key, body);
  return onceForKey(deps.database.db, call, () => placeNewOrder(deps, userId, body, call, agreed));
}

/**
 * Prices agreed in a negotiation (decision 086), one per line of the body in its order, each the line's
 * total before GST: they replace the rate card's. Only the server passes them (from an accepted offer),
 * never the client; the client's `amount` must still equal their sum.
 */
export interface AgreedPrices {
  pricesPaise: number[];
  /** How the order line names its price ("Agreed price, proposal #12"). */
  label: string;
  /**
   * The client's approval was judged by the caller on exactly these lines at these prices (a proposal's
   * own link, workflows/proposal-book.workflow.ts), so a campaign's approval is not asked for here.
   */
  approvalJudged: true;
}

async function placeNewOrder(
  deps: Deps,
  userId: number,
  body: BookRequest,
  call: IdempotentCall | null,
  agreed?: AgreedPrices,
): Promise<Order> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const inspected = await inspectItems(db, body.data, {
    now,
    userId,
    strictCampaignOwner: true,
    checkTaken: false,
  });
  const { problems } = inspected;
  const items = agreed ? withAgreedPrices(inspected.items, agreed) : inspected.items;
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
  await refuseTaken(db, items, now, userId);
  // Known billing details fix the taxes now; otherwise checkout records them (and asks for what is missing).
  // Resolved before anything is written: a client of no agency of the user's is a 404 (decision 092).
  const billingProfile = await billingProfileOf(db, userId, body.client_id);
  // A client that signs off plans first: exactly the plan its approver approved (decision 092).
  if (body.client_id && !agreed?.approvalJudged) await requireClientApproval(db, body.client_id, items, now);
  const priced = taxesFromProfile(totalPaise, billingProfile, deps.config.company.state);
  const taxes = priced.ok ? withPoNumber(priced.taxes, body.po_number) : undefined;

  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  return inTransaction(
    db,
    async (tx) => {
      // First: a concurrent duplicate waits here and then answers this order, never placing its own.
      await claimKey(tx, call, now);
      const placed = await placeWithinLimit(tx, {
        userId,
        clientId: body.client_id ?? null,
        poNumber: body.po_number || null,
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
        await refuseTaken(db, items, now, userId);
        // The winner rolled back between our failure and the look-up: the sites are free again, try once more.
        if (last) throw conflict('These sites are being booked by someone else right now. Please try again.');
        return true;
      },
    },
  );
}

function withAgreedPrices(items: PricedItem[], agreed: AgreedPrices): PricedItem[] {
  return items.map((item, i) => {
    const pricePaise = agreed.pricesPaise[i];
    return {
      ...item,
      pricePaise,
      priceLines: [
        {
          kind: 'base' as const,
          label: agreed.label,
          days: item.days,
          ratePaise: null,
          percentBp: null,
          amountPaise: pricePaise,
          ruleIds: [],
        },
      ],
    };
  });
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
 * section 3) - and, for an agency's client, the client's month is checked under its row's lock (its monthly
 * limit, decision 092); only then is the order written. A refusal rolls everything back.
 *
 * Placements on the same sites queue for them (lockSites) and write their holds one at a time: racing
 * buyers meet the winner's committed hold, never its uncommitted one, on which the EXCLUDE check would
 * deadlock (db/booking-occupancy.ts). As short as it can be: what the queue let through is checked first
 * (the winner's hold: 409 without writing anything), then the order and its holds are written.
 */
async function placeWithinLimit(tx: Db, order: NewOrder & { items: PricedItem[] }) {
  await lockBuyerOrders(tx, order.userId);
  await releaseInTheWay(tx, order);
  if ((await unpaidOrderCount(tx, order.userId, order.now)) >= MAX_UNPAID_ORDERS) throw tooManyUnpaid();
  const { clientId } = order;
  if (clientId) {
    // After what this placement replaces is released: placing the same cart again is not spent twice.
    const subtotal = order.items.reduce((sum, i) => sum + i.pricePaise, 0);
    await refuseOverMonthlyLimit(tx, clientId, subtotal, () => clientMonthSpend(tx, clientId, order.now));
  }
  await lockSites(
    tx,
    order.items.map((i) => i.productId),
  );
  await refuseTaken(tx, order.items, order.now, order.userId);
  return placeOrder(tx, order);
}

/** 409 naming the lines whose dates a confirmed booking, a block or someone else's live hold already takes. */
async function refuseTaken(db: Db, items: PricedItem[], now: Date, userId: number) {
  const ranges = items.map((i, idx) => ({
    idx,
    product_id: i.productId,
    from_date: i.fromDate,
    to_date: i.toDate,
  }));
  const taken = await takenRanges(db, ranges, now, userId);
  if (!taken.size) return;
  const problems: Problem[] = [...taken.keys()]
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
