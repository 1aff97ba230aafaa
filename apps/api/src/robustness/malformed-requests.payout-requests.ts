import { createHmac } from 'node:crypto';
import { COMPANY_DEFAULTS } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { orderItems, payouts } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { holdOrderPayouts } from '../workflows/pay.workflow.ts';
import { approvedOwnerId, approvedOwnerToken, ownerProofLine } from './malformed-requests.owner-state.ts';
import { bearer, type Fixture, operatorToken, type ValidRequest } from './malformed-requests.state.ts';

/**
 * A held payout of the approved owner's whose line has an Unverified proof (fixture rows: the payout is
 * made as the payment would make it), so hold, release, accept and reject each answer 200 as built.
 */
async function heldPayoutWithProof(f: Fixture): Promise<number> {
  const { lineId } = await ownerProofLine(f);
  const db = f.ctx.database.db;
  const [line] = await db.select().from(orderItems).where(eq(orderItems.id, lineId));
  await inTransaction(db, (tx) =>
    holdOrderPayouts(tx, {
      orderId: line!.orderId,
      now: f.ctx.clock.now(),
      commissionPercent: 15,
      marketplaceGstin: COMPANY_DEFAULTS.gstin,
      provider: 'cash',
      paymentId: `cash-${line!.orderId}`,
    }),
  );
  const [payout] = await db.select().from(payouts).where(eq(payouts.orderItemId, lineId));
  return payout!.id;
}

const action =
  (name: string, reason: string) =>
  async (f: Fixture): Promise<ValidRequest> => ({
    method: 'POST',
    route: `/api/ops/payouts/:id/${name}`,
    params: { id: String(await heldPayoutWithProof(f)) },
    body: { reason },
    headers: bearer(await operatorToken(f)),
  });

/** The sweep's valid requests of the payouts routes (decision 047). */
export const payoutRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/partner/payouts': async (f) => ({
    method: 'GET',
    route: '/api/partner/payouts',
    // media_owner_id and awaiting_decision are the operators' and ignored here; sent so the sweep tries them.
    query: {
      state: 'held',
      month: '2026-11',
      flagged: 'false',
      media_owner_id: String(await approvedOwnerId(f)),
      awaiting_decision: 'false',
    },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  'GET /api/ops/payouts': async (f) => ({
    method: 'GET',
    route: '/api/ops/payouts',
    query: {
      media_owner_id: String(await approvedOwnerId(f)),
      state: 'held',
      month: '2026-11',
      flagged: 'false',
      awaiting_decision: 'true',
    },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/payouts/:id/hold': action('hold', 'Buyer complaint open'),
  'POST /api/ops/payouts/:id/release': action('release', 'Checked with the buyer'),
  'POST /api/ops/payouts/:id/accept-proof': action('accept-proof', 'Site visible in the photo'),
  'POST /api/ops/payouts/:id/reject-proof': action('reject-proof', 'Another site in the photo'),
  // A signed transfer event about no payout of ours: recorded by its ids, answered `ignored`.
  'POST /api/payments/transfers/webhook': async (f) => {
    const secret = f.ctx.config.payments.sandboxKeySecret;
    return {
      method: 'POST',
      route: '/api/payments/transfers/webhook',
      body: {
        event: 'transfer.processed',
        created_at: 1_800_000_000,
        payload: {
          transfer: { entity: { id: 'trf_sweep', status: 'processed', notes: { payout_id: '0' } } },
        },
      },
      sign: (raw) => ({ 'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex') }),
    };
  },
};
