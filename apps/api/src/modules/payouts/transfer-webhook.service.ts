import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
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

const eventSchema = z.object({
  event: z.string(),
  created_at: z.number().int().nonnegative(),
  payload: z.object({
    transfer: z.object({
      entity: z
        .object({
          id: z.string().max(64),
          status: z.string().max(32).optional(),
          notes: z.record(z.string(), z.unknown()).optional(),
          recipient_settlement: z
            .object({ utr: z.string().max(64).nullable().optional() })
            .nullable()
            .optional(),
          utr: z.string().max(64).nullable().optional(),
        })
        .passthrough(),
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
  } catch {
    throw badRequest('The webhook body is not a transfer event.');
  }
  const kind = parsed.event;
  if (!['transfer.processed', 'transfer.failed', 'transfer.reversed'].includes(kind)) return 'ignored';
  const transfer = parsed.payload.transfer.entity;
  const eventAt = new Date(parsed.created_at * 1000);
  const now = deps.clock.now();
  const eventId = h.eventId?.slice(0, 100) || `${kind}:${transfer.id}:${parsed.created_at}`;
  return inTransaction(deps.database.db, async (tx) => {
    const byId = await findPayoutByTransfer(tx, transfer.id);
    const noted = Number(transfer.notes?.payout_id);
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
