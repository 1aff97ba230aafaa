import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { mailOutbox, mediaOwners, notifications, orderItems, smsOutbox, users } from '../../db/schema.ts';
import { bookAndPay, line, phoneOf, tokenFor } from '../bookings/booking-test-helpers.ts';
import { registerBackgroundJobs } from './background-jobs.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

export const OWNER_PHONE = '9811122233';
export const OWNER_EMAIL = 'owner@hoardings.example';
export const BUYER_EMAIL = 'buyer@example.com';

/** The app's background jobs on a queue that is never started: runDueJobs() runs them now, at ctx.clock. */
export function testJobs(ctx: TestContext): JobQueue {
  const queue = createJobQueue(ctx.database, ctx.app.log);
  registerBackgroundJobs(queue, ctx.app);
  return queue;
}

/** A media owner with a site, and buyer `n` (with an email) who booked and paid it for 1-8 Dec 2026. */
export async function paidOrderWithOwner(ctx: TestContext, n: number, siteName = 'Marine Drive Gantry') {
  const db = ctx.database.db;
  const [owner] = await db
    .insert(mediaOwners)
    .values({
      companyName: 'Bright Hoardings',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      addressLine1: '1 Main Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pin: '400001',
      contactName: 'Asha',
      contactPhone: OWNER_PHONE,
      contactEmail: OWNER_EMAIL,
      ifsc: 'HDFC0000001',
      accountNumber: '12345678901',
      status: 'approved',
    })
    .returning();
  const site = await insertProduct(db, { name: siteName, mediaOwnerId: owner!.id });
  // The buyer's profile has an email before paying, so the confirmation goes by email too.
  await db
    .insert(users)
    .values({ phoneNumber: phoneOf(n), email: BUYER_EMAIL })
    .onConflictDoUpdate({ target: users.phoneNumber, set: { email: BUYER_EMAIL } });
  const token = await tokenFor(ctx, n);
  const paid = await bookAndPay(ctx, token, [line(site!.id, '2026-12-01', '2026-12-08')], 10_500);
  expect(paid.confirmed?.statusCode).toBe(200);
  const orderId = paid.booked.json().order_id as number;
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { orderId, lineId: item!.id, siteId: site!.id, ownerId: owner!.id, token };
}

export async function smsTo(ctx: TestContext, phone: string) {
  return ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, phone));
}
export async function mailTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}
export async function notificationRows(ctx: TestContext) {
  return ctx.database.db.select().from(notifications).orderBy(notifications.id);
}
