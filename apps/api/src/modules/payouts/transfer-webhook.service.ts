import { safeText } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { PAYOUT_MAX_ATTEMPTS, payoutRetryDelayMs } from './payout-sync.service.ts';
import {
  findPayout,
  findPayoutByTransfer,
  lockPayout,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';
import { insertTransferEventOnce, transferEventSeen } from './transfer-events.repository.ts';
import type { TransferProvider } from './transfer-provider.ts';
import { forwardTransferStatus } from './transfer-status.ts';

/*
 * POST /api/payments/transfers/webhook (decisions 047, 066): Razorpay Route's documented events, signed as
 * the payments webhook (HMAC-SHA256 of the raw body, x-razorpay-signature).
 * - transfer.processed: the transfer reached the linked account (its payload names the transfer and
 *   its recipient_settlement_id, no UTR).
 * - settlement.processed: a settlement paid the linked account; its payload carries the settlement's id
 *   and UTR, and the transfers it settled are asked for (GET /v1/transfers?recipient_settlement_id=).
 * - transfer.failed: the transfer failed. The ledger's transfer status only moves forward: a failure
 *   after processed is recorded for operators and sends nothing again; otherwise the sync pass asks the
 *   provider and makes a new transfer only if the provider's own answer reads failed.
 * Any other event answers 2xx `ignored` (a 4xx makes Razorpay retry and in the end disable the webhook).
 * A replay is recognised by the payload's own ids (event name and entity id, both signed), not by the
 * x-razorpay-event-id header, which the signature does not cover.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };

/** Ids and texts in an event go into queries and rows: the shared text rules (no NUL, capped) apply. */
const eventText = (label: string, max = 200) => safeText({ max, label, trim: false });
const envelopeSchema = z.looseObject({
  event: eventText('event', 100),
  created_at: z.number().int().nonnegative(),
  payload: z.looseObject({}),
});
const transferPayload = z.looseObject({
  transfer: z.looseObject({
    entity: z.looseObject({
      id: eventText('id', 64),
      status: eventText('status', 32).optional(),
      // Razorpay sends {} or [] when there are none; values are short strings.
      notes: z.union([z.record(z.string(), eventText('notes', 256)), z.array(z.never())]).optional(),
      recipient_settlement_id: eventText('recipient_settlement_id', 64).nullish(),
    }),
  }),
});
const settlementPayload = z.looseObject({
  settlement: z.looseObject({
    entity: z.looseObject({
      id: eventText('id', 64),
      status: eventText('status', 32).optional(),
      utr: eventText('utr', 64).nullish(),
    }),
  }),
});

export type TransferWebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** `at` is where `value` sits in the body, so a refused field is named by its path from the body's top. */
function parse<T extends z.ZodType>(
  schema: T,
  value: unknown,
  message: string,
  at: string[] = [],
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [...at, ...(issue?.path ?? []).map(String)];
  throw badRequest(message, issue ? { [path.join('.') || 'body']: issue.message } : undefined);
}

export async function handleTransferWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  raw: Buffer,
  h: { signature?: string },
): Promise<TransferWebhookOutcome> {
  if (!deps.transfers?.verifyWebhookSignature(raw, h.signature)) {
    log.warn('transfer webhook with a signature that does not match');
    throw badRequest('Invalid webhook signature.');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not JSON.');
  }
  const event = parse(envelopeSchema, body, 'The webhook body is not a Razorpay event.');
  const eventAt = new Date(event.created_at * 1000);
  if (event.event === 'transfer.processed' || event.event === 'transfer.failed') {
    const { transfer } = parse(transferPayload, event.payload, 'The webhook body is not a transfer event.', [
      'payload',
    ]);
    return transferEvent(deps, log, event.event, transfer.entity, eventAt);
  }
  if (event.event === 'settlement.processed') {
    const { settlement } = parse(
      settlementPayload,
      event.payload,
      'The webhook body is not a settlement event.',
      ['payload'],
    );
    return settlementEvent(deps, deps.transfers, log, settlement.entity, eventAt);
  }
  log.info({ event: event.event }, 'transfer webhook: an event payouts do not use, ignored');
  return 'ignored';
}

type TransferEntity = z.infer<typeof transferPayload>['transfer']['entity'];

/** The payout of a transfer: by its transfer id, else by the payout id in the notes we gave it. */
async function payoutOfTransfer(tx: Db, transfer: TransferEntity): Promise<PayoutRow | undefined> {
  const byId = await findPayoutByTransfer(tx, transfer.id);
  const notes = Array.isArray(transfer.notes) ? {} : (transfer.notes ?? {});
  const noted = Number((notes as Record<string, unknown>).payout_id);
  const found = byId ?? (Number.isInteger(noted) && noted > 0 ? await findPayout(tx, noted) : undefined);
  return found ? lockPayout(tx, found.id) : undefined;
}

async function transferEvent(
  deps: Deps,
  log: FastifyBaseLogger,
  kind: 'transfer.processed' | 'transfer.failed',
  transfer: TransferEntity,
  eventAt: Date,
): Promise<TransferWebhookOutcome> {
  const now = deps.clock.now();
  return inTransaction(deps.database.db, async (tx) => {
    const payout = await payoutOfTransfer(tx, transfer);
    // The payout moved on to another transfer (the provider confirmed this one failed): history only.
    const current = payout && (payout.transferId === null || payout.transferId === transfer.id);
    const status = current
      ? forwardTransferStatus(payout.transferStatus, kind === 'transfer.processed' ? 'processed' : 'failed')
      : null;
    const first = await insertTransferEventOnce(tx, {
      eventId: `${kind}:${transfer.id}`,
      type: kind,
      transferId: transfer.id,
      eventAt,
      applied: status !== null,
      receivedAt: now,
    });
    if (!first) return 'duplicate';
    if (!payout || !current) {
      log.info({ event: kind, payoutId: payout?.id ?? null }, 'transfer event recorded, not applied');
      return 'ignored';
    }
    if (status === null) {
      // A failure after processed: nothing is sent again; operators see it and check with Razorpay.
      log.warn({ event: kind, payoutId: payout.id }, 'transfer failed after it was processed');
      await updatePayout(tx, payout.id, {
        lastEventAt: eventAt,
        lastError: `Razorpay reported transfer ${transfer.id} failed after it was processed; nothing was sent again. Check the transfer with Razorpay.`,
        updatedAt: now,
      });
      return 'ignored';
    }
    if (kind === 'transfer.processed') {
      await updatePayout(tx, payout.id, {
        lastEventAt: eventAt,
        transferStatus: status,
        ...(payout.transferId ? {} : { transferId: transfer.id }),
        // A transfer the provider processed after all is no longer failed.
        ...(payout.state === 'failed'
          ? { state: payout.releasedAt ? 'released' : 'held', lastError: null }
          : {}),
        updatedAt: now,
      });
      return 'applied';
    }
    // Failed before it was processed: the sync pass asks the provider, then makes a new transfer.
    const attempts = payout.attempts + 1;
    const giveUp = attempts >= PAYOUT_MAX_ATTEMPTS;
    await updatePayout(tx, payout.id, {
      lastEventAt: eventAt,
      transferStatus: status,
      providerReleased: false,
      attempts,
      needsSync: !giveUp,
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + payoutRetryDelayMs(attempts)),
      lastError: 'The provider reported the transfer failed',
      state: giveUp ? 'failed' : payout.state,
      updatedAt: now,
    });
    return 'applied';
  });
}

async function settlementEvent(
  deps: Deps,
  provider: TransferProvider,
  log: FastifyBaseLogger,
  settlement: z.infer<typeof settlementPayload>['settlement']['entity'],
  eventAt: Date,
): Promise<TransferWebhookOutcome> {
  const eventId = `settlement.processed:${settlement.id}`;
  const db = deps.database.db;
  if (await transferEventSeen(db, eventId)) return 'duplicate';
  const utr = settlement.utr ?? null;
  let transferIds: string[] = [];
  if (utr) {
    try {
      transferIds = await provider.transfersOfSettlement(settlement.id);
    } catch (err) {
      log.warn(
        { settlementId: settlement.id, reason: String((err as Error)?.message ?? err) },
        'settlement transfers not read',
      );
      // Razorpay delivers it again later; nothing was recorded.
      throw new HttpError(
        503,
        'provider_unavailable',
        'The settlement’s transfers could not be read; deliver it again.',
        undefined,
        { 'retry-after': '60' },
      );
    }
  }
  const now = deps.clock.now();
  return inTransaction(db, async (tx) => {
    const payouts: PayoutRow[] = [];
    for (const id of transferIds) {
      const found = await findPayoutByTransfer(tx, id);
      const locked = found ? await lockPayout(tx, found.id) : undefined;
      if (locked) payouts.push(locked);
    }
    const first = await insertTransferEventOnce(tx, {
      eventId,
      type: 'settlement.processed',
      transferId: null,
      eventAt,
      applied: payouts.length > 0,
      receivedAt: now,
    });
    if (!first) return 'duplicate';
    for (const p of payouts) {
      const status = forwardTransferStatus(p.transferStatus, 'processed');
      await updatePayout(tx, p.id, {
        utr,
        ...(status ? { transferStatus: status } : {}),
        lastEventAt: eventAt,
        updatedAt: now,
      });
    }
    if (payouts.length === 0) log.info({ settlementId: settlement.id }, 'settlement of no payout of ours');
    return payouts.length > 0 ? 'applied' : 'ignored';
  });
}
