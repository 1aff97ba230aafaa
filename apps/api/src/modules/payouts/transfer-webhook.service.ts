import { safeText } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import { PAYOUT_MAX_ATTEMPTS, payoutRetryDelayMs } from './payout-sync.service.ts';
import { findPayout, findPayoutByTransfer, lockPayout, updatePayout } from './payouts.repository.ts';
import { insertTransferEventOnce } from './transfer-events.repository.ts';
import type { TransferProvider } from './transfer-provider.ts';

/*
 * POST /api/payments/transfers/webhook (decision 047): Razorpay's transfer.processed, transfer.failed and
 * transfer.reversed, signed as the payments webhook (HMAC-SHA256 of the raw body, x-razorpay-signature).
 * Each event id is stored once: a replay answers `duplicate`. An event older than the newest one applied
 * to its payout is recorded but not applied, so events arriving out of order never undo a later state.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };

/** Ids and texts in an event go into queries and rows: the shared text rules (no NUL, capped) apply. */
const eventText = (label: string, max = 200) => safeText({ max, label, trim: false });
const eventSchema = z.looseObject({
  event: eventText('event', 100),
  created_at: z.number().int().nonnegative(),
  payload: z.looseObject({
    transfer: z.looseObject({
      entity: z.looseObject({
        id: eventText('id', 64),
        status: eventText('status', 32).optional(),
        // Razorpay sends {} or [] when there are none; values are short strings.
        notes: z.union([z.record(z.string(), eventText('notes', 256)), z.array(z.never())]).optional(),
        recipient_settlement: z.looseObject({ utr: eventText('utr', 64).nullish() }).nullish(),
        utr: eventText('utr', 64).nullish(),
      }),
    }),
  }),
});

export type TransferWebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function handleTransferWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  raw: Buffer,
  h: { signature?: string; eventId?: string },
): Promise<TransferWebhookOutcome> {
  if (!deps.transfers?.verifyWebhookSignature(raw, h.signature)) {
    log.warn('transfer webhook with a signature that does not match');
    throw badRequest('Invalid webhook signature.');
  }
  let parsed: z.infer<typeof eventSchema>;
  try {
    parsed = eventSchema.parse(JSON.parse(raw.toString('utf8')));
  } catch (err) {
    const issue = err instanceof z.ZodError ? err.issues[0] : undefined;
    const fields = issue ? { [issue.path.join('.') || 'body']: issue.message } : undefined;
    throw badRequest('The webhook body is not a transfer event.', fields);
  }
  const header = eventText('x-razorpay-event-id').optional().safeParse(h.eventId);
  if (!header.success) {
    throw badRequest('The webhook event id is not valid.', {
      'x-razorpay-event-id': header.error.issues[0]!.message,
    });
  }
  const kind = parsed.event;
  if (!['transfer.processed', 'transfer.failed', 'transfer.reversed'].includes(kind)) return 'ignored';
  const transfer = parsed.payload.transfer.entity;
  const eventAt = new Date(parsed.created_at * 1000);
  const now = deps.clock.now();
  const eventId = h.eventId?.slice(0, 100) || `${kind}:${transfer.id}:${parsed.created_at}`;
  return inTransaction(deps.database.db, async (tx) => {
    const byId = await findPayoutByTransfer(tx, transfer.id);
    const notes = Array.isArray(transfer.notes) ? {} : (transfer.notes ?? {});
    const noted = Number((notes as Record<string, unknown>).payout_id);
    const found = byId ?? (Number.isInteger(noted) && noted > 0 ? await findPayout(tx, noted) : undefined);
    const payout = found ? await lockPayout(tx, found.id) : undefined;
    const stale = !payout || (payout.lastEventAt !== null && eventAt < payout.lastEventAt);
    const first = await insertTransferEventOnce(tx, {
      eventId,
      type: kind,
      transferId: transfer.id,
      eventAt,
      applied: !stale,
      receivedAt: now,
    });
    if (!first) return 'duplicate';
    if (!payout || stale) {
      log.info({ event: kind, payoutId: payout?.id ?? null }, 'transfer event recorded, not applied');
      return 'ignored';
    }
    const utr = transfer.utr ?? transfer.recipient_settlement?.utr ?? null;
    if (kind === 'transfer.processed') {
      await updatePayout(tx, payout.id, {
        lastEventAt: eventAt,
        ...(utr ? { utr } : {}),
        ...(payout.transferId ? {} : { transferId: transfer.id }),
        // A transfer the provider processed after all is no longer failed.
        ...(payout.state === 'failed'
          ? { state: payout.releasedAt ? 'released' : 'held', lastError: null }
          : {}),
        updatedAt: now,
      });
    } else if (kind === 'transfer.failed') {
      // The failed transfer is forgotten; the sync pass makes a new one after a pause, then gives up.
      const attempts = payout.attempts + 1;
      const giveUp = attempts >= PAYOUT_MAX_ATTEMPTS;
      await updatePayout(tx, payout.id, {
        lastEventAt: eventAt,
        transferId: payout.transferId === transfer.id ? null : payout.transferId,
        providerReleased: false,
        attempts,
        needsSync: !giveUp,
        nextAttemptAt: giveUp ? null : new Date(now.getTime() + payoutRetryDelayMs(attempts)),
        lastError: 'The provider reported the transfer failed',
        state: giveUp ? 'failed' : payout.state,
        updatedAt: now,
      });
    } else {
      // transfer.reversed: a reversal the ledger asked for; the amounts are the ledger's already.
      await updatePayout(tx, payout.id, { lastEventAt: eventAt, updatedAt: now });
    }
    return 'applied';
  });
}
