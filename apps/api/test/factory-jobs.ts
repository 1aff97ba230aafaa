import { eq } from 'drizzle-orm';
import { mailOutbox, mediaOwners, notifications, orderItems, smsOutbox, users } from '../src/db/schema.ts';
import { registerBackgroundJobs } from '../src/modules/jobs/background-jobs.ts';
import { createJobQueue, type JobQueue } from '../src/modules/jobs/job-queue.ts';
import type { Person, Site } from './factory.ts';
import type { Order, OrderState } from './factory-orders.ts';
import { insertProduct } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

/**
 * The factory's background jobs and what they send (test/factory.ts): the app's job queue run at the test
 * clock, the dev outboxes and the notifications queue read back, and a paid order whose booking
 * confirmations are the only messages queued.
 */

/** The app's background jobs on a queue that is never started: runDueJobs() runs them now, at ctx.clock. */
export function testJobs(ctx: TestContext): JobQueue {
  const queue = createJobQueue(ctx.database, ctx.app.log);
  registerBackgroundJobs(queue, ctx.app);
  return queue;
}

/** The SMS the dev outbox holds for `phone`, oldest first. */
export function smsTo(ctx: TestContext, phone: string) {
  return ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, phone));
}

/** The emails the dev outbox holds for `to`, oldest first. */
export function mailTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

/** Every message queued (the notifications table), in the order queued. */
export function notificationRows(ctx: TestContext) {
  return ctx.database.db.select().from(notifications).orderBy(notifications.id);
}

export interface NoticedOrder {
  orderId: number;
  lineId: number;
  siteId: number;
  /** The buyer, signed in as of the order (refresh after moving the clock). */
  buyer: Person;
  buyerEmail: string;
  /** The owner's company and its contact, where the owner's messages go. */
  owner: { id: number; name: string; phone: string; email: string };
}

export interface NoticeParts {
  ctx: TestContext;
  phone: () => string;
  person: (phone?: string, billingState?: string | null) => Promise<Person>;
  order: (
    buyer: Person,
    sites: Site[],
    state?: OrderState,
    options?: { from?: string; amount?: number },
  ) => Promise<Order>;
}

export function noticeFixtures({ ctx, phone, person, order }: NoticeParts) {
  /**
   * An approved media owner with one site (₹1,500 a day, named `siteName`) and a buyer with an email who
   * booked and paid it through the API for 1-8 Dec 2026 (to_date exclusive): the booking's confirmations
   * (buyer and owner, SMS and email) are then the only messages queued. The owner and the site are rows,
   * not made through the API, because approving an application or a site queues its own notice to the
   * owner (decision 046), and the tests of reminders and delivery read every message queued and sent.
   */
  async function paidOrderWithOwner(siteName = 'Marine Drive Gantry'): Promise<NoticedOrder> {
    const db = ctx.database.db;
    const owner = { name: 'Bright Hoardings', phone: phone(), email: 'owner@hoardings.example' };
    const [row] = await db
      .insert(mediaOwners)
      .values({
        companyName: owner.name,
        gstin: '27AAPFU0939F1ZV',
        pan: 'AAPFU0939F',
        addressLine1: '1 Main Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400001',
        contactName: 'Asha',
        contactPhone: owner.phone,
        contactEmail: owner.email,
        ifsc: 'HDFC0000001',
        accountNumber: '12345678901',
        status: 'approved',
      })
      .returning({ id: mediaOwners.id });
    const site = await insertProduct(db, { name: siteName, mediaOwnerId: row.id });
    const buyer = await person();
    const buyerEmail = 'buyer@example.com';
    // The buyer's profile has an email before paying, so the confirmation goes by email too.
    await db.update(users).set({ email: buyerEmail }).where(eq(users.phoneNumber, buyer.phone));
    const weekRupees = (site.pricePaise / 100) * 7;
    const made = await order(buyer, [{ id: site.id, ownerId: row.id, weekRupees }], 'paid', {
      from: '2026-12-01',
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, made.id));
    return {
      orderId: made.id,
      lineId: line.id,
      siteId: site.id,
      buyer,
      buyerEmail,
      owner: { id: row.id, ...owner },
    };
  }

  return { paidOrderWithOwner };
}
