import { COMPANY_DEFAULTS } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { payouts } from '../src/db/schema.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { syncLinkedAccounts } from '../src/modules/payouts/linked-accounts.service.ts';
import { proofPhoto } from '../src/modules/proofs/proof-photos.test-helpers.ts';
import { call, ok } from '../src/modules/sites/sites.test-helpers.ts';
import { holdOrderPayouts } from '../src/workflows/pay.workflow.ts';
import { syncDuePayouts } from '../src/workflows/payout-sync.workflow.ts';
import { type Factory, multipart } from './factory.ts';
import type { TestContext } from './test-app.ts';

/** Shared by the payouts tests (not a test itself). */

export const quiet = { warn: () => {}, info: () => {} };

/** The job queue's payouts pass, now: linked accounts, then transfers. */
export async function syncNow(ctx: TestContext): Promise<void> {
  await syncLinkedAccounts(ctx.app.deps);
  await syncDuePayouts(ctx.app.deps, quiet);
}

/**
 * A line of the owner's that started today and takes a proof (the factory's), paid in cash (no provider
 * payment: its transfer is a direct one at release), with its payout held at 15 % commission.
 */
export async function paidLineTakingProof(ctx: TestContext, make: Factory, ownerId: number) {
  const { lineId, orderId, latitude, longitude } = await make.lineTakingProof({ id: ownerId });
  await inTransaction(ctx.database.db, (tx) =>
    holdOrderPayouts(tx, {
      orderId,
      now: ctx.clock.now(),
      commissionPercent: 15,
      marketplaceGstin: COMPANY_DEFAULTS.gstin,
      provider: 'cash',
      paymentId: `cash-${orderId}`,
    }),
  );
  return { lineId, orderId, site: { latitude, longitude } };
}

export async function payoutOfLine(ctx: TestContext, lineId: number) {
  const [row] = await ctx.database.db.select().from(payouts).where(eq(payouts.orderItemId, lineId));
  return row!;
}

/** IST camera time of the clock's moment minus an hour (within the line's first day). */
const cameraTime = (now: Date) =>
  new Date(now.getTime() + 330 * 60_000 - 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
    .replaceAll('-', ':');

let seeds = 100;
/** Posts a proof photo: at the site and on time (Verified), or without EXIF (Unverified). */
export async function postProof(
  ctx: TestContext,
  token: string,
  line: { lineId: number; site: { latitude: number; longitude: number } },
  verified: boolean,
): Promise<number> {
  const photo = await proofPhoto(
    ++seeds,
    verified ? { ...line.site, takenAt: cameraTime(ctx.clock.now()) } : {},
  );
  const body = multipart(photo, 'proof.jpg', 'image/jpeg');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/partner/lines/${line.lineId}/proofs`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  const proof = (await ok(res, 201)).data;
  if (proof.verified !== verified)
    throw new Error(`proof verified=${proof.verified}: ${JSON.stringify(proof.reasons)}`);
  return proof.id as number;
}

export const opsAction = (
  ctx: TestContext,
  token: string,
  id: number,
  action: string,
  reason = 'Checked the photo',
) => call(ctx, 'POST', `/api/ops/payouts/${id}/${action}`, token, { reason });
