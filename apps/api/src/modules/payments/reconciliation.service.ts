import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type ApplyCapturedPayment, type PaymentOrders, paymentProviderOf } from './payments.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'config'>;

/** How long after its hold lapsed an unpaid order is still asked about (Razorpay retries webhooks a day). */
export const RECONCILE_LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 500;

export interface ReconcileSummary {
  /** Orders the provider was asked about. */
  checked: number;
  confirmed: number;
  alreadyPaid: number;
  sitesTaken: number;
  /** Captured payments whose amount or currency differs from the order's: logged for review, not applied. */
  mismatched: number;
  /** Orders the provider could not be asked about this time. */
  unreachable: number;
}

/**
 * Whether a periodic pass asks about an order that closed unpaid `ageMs` ago: in its first two intervals,
 * then about once at each doubling of its age (2, 4, 8... intervals), so an abandoned checkout costs a
 * dozen provider calls over the lookback rather than one per pass. The pass at start asks about all.
 */
export function closedOrderDue(ageMs: number, intervalMs: number): boolean {
  const intervals = ageMs / intervalMs;
  if (intervals < 2) return true;
  return 2 ** Math.floor(Math.log2(intervals)) > intervals - 1.25;
}

/** Still waiting for money: the online checkout, or a cash order that had started an online payment. */
const OPEN_STATUSES = ['pending_payment', 'awaiting_payment'] as const;
/**
 * Closed without money on record, so a captured payment may still be owed to them: their hold lapsed
 * (expired) or the buyer replaced them (cancelled). Not `paid` (settled) and not `failed` (a captured
 * payment was already applied and found the sites taken).
 */
const CLOSED_UNPAID_STATUSES = ['expired', 'cancelled'] as const;

const CLOSED: readonly string[] = CLOSED_UNPAID_STATUSES;

/**
 * One reconciliation pass (docs/decisions/009): for orders that may be owed a payment, asks the provider
 * which payments it holds and applies each captured one through applyCapturedPayment - the path the
 * confirm and the webhook take, so it is idempotent and never books a site twice. Payments the provider
 * reports as failed, authorized or refunded are not money we hold and change nothing.
 */
export async function reconcilePayments(
  deps: Deps,
  log: FastifyBaseLogger,
  options: { scope: 'all' | 'due'; intervalMs: number; shouldStop?: () => boolean },
  applyCapturedPayment: ApplyCapturedPayment,
  orders: Pick<PaymentOrders, 'ordersToReconcile'>,
): Promise<ReconcileSummary> {
  const provider = paymentProviderOf(deps);
  const db = deps.database.db;
  const started = deps.clock.now();
  const summary: ReconcileSummary = {
    checked: 0,
    confirmed: 0,
    alreadyPaid: 0,
    sitesTaken: 0,
    mismatched: 0,
    unreachable: 0,
  };
  const candidates = await orders.ordersToReconcile(db, {
    provider: provider.name,
    open: OPEN_STATUSES,
    closedUnpaid: CLOSED_UNPAID_STATUSES,
    closedSince: new Date(started.getTime() - RECONCILE_LOOKBACK_MS),
    limit: BATCH,
  });
  for (const order of candidates) {
    if (options.shouldStop?.()) break;
    const age = started.getTime() - order.expiresAt.getTime();
    if (options.scope === 'due' && CLOSED.includes(order.status) && !closedOrderDue(age, options.intervalMs))
      continue;
    summary.checked += 1;
    let found: Awaited<ReturnType<typeof provider.fetchPayments>>;
    try {
      found = await provider.fetchPayments(order.providerOrderId as string);
    } catch (err) {
      summary.unreachable += 1;
      log.warn(
        { orderId: order.id, reason: err instanceof Error ? err.message : 'unknown' },
        'payment reconciliation: the provider did not answer',
      );
      continue;
    }
    for (const payment of found.filter((p) => p.status === 'captured')) {
      if (payment.amountPaise !== order.amountPaise || payment.currency !== order.currency) {
        summary.mismatched += 1;
        log.error(
          { orderId: order.id, paymentId: payment.id },
          'captured amount differs from the order: not confirmed, review it',
        );
        continue;
      }
      const outcome = await inTransaction(db, (tx) =>
        applyCapturedPayment(tx, log, {
          orderId: order.id,
          provider: provider.name,
          paymentId: payment.id,
          amountPaise: payment.amountPaise,
          now: deps.clock.now(),
          commissionPercent: deps.config.commissionPercent,
          marketplaceGstin: deps.config.company.gstin,
        }),
      );
      if (outcome === 'confirmed') summary.confirmed += 1;
      else if (outcome === 'already_paid') summary.alreadyPaid += 1;
      else summary.sitesTaken += 1;
    }
  }
  return summary;
}

export interface PaymentReconciler {
  /** The pass made at start (resolves when it is done, also when it failed: failures are logged). */
  firstPass: Promise<void>;
  /** No new pass starts; resolves once the running one (which stops between orders) is done. */
  stop(): Promise<void>;
}

/**
 * Reconciles at once (every order within the lookback: the process may have been down), then every
 * `intervalMs` (open orders, closed ones when due). A pass that could not reach the provider for some
 * order is followed by a full one. Unref'd timer; overlapping passes are skipped; failures are logged.
 */
export function startPaymentReconciler(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs: number,
  applyCapturedPayment: ApplyCapturedPayment,
  orders: Pick<PaymentOrders, 'ordersToReconcile'>,
): PaymentReconciler {
  let stopped = false;
  let running: Promise<void> | undefined;
  let nextScope: 'all' | 'due' = 'all';
  const run = (): Promise<void> => {
    if (running || stopped) return running ?? Promise.resolve();
    const scope = nextScope;
    running = reconcilePayments(
      deps,
      log,
      { scope, intervalMs, shouldStop: () => stopped },
      applyCapturedPayment,
      orders,
    )
      .then((summary) => {
        nextScope = summary.unreachable ? 'all' : 'due';
        if (summary.confirmed || summary.alreadyPaid || summary.sitesTaken || summary.mismatched)
          log.info({ scope, ...summary }, 'payment reconciliation applied captured payments');
      })
      .catch((err) => {
        nextScope = 'all';
        log.error({ err }, 'payment reconciliation failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const firstPass = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    firstPass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
