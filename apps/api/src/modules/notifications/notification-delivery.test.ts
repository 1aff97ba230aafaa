import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  factory,
  mailTo,
  type NoticedOrder,
  notificationRows,
  smsTo,
  testJobs,
} from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import type { MailProvider } from '../mail/mail.provider.ts';
import { orderContacts } from '../orders/order-contacts.service.ts';
import { deliverPendingNotifications, MAX_ATTEMPTS } from './notification-delivery.ts';
import { queueNotifications } from './notifications.repository.ts';
import { queueBookingConfirmed } from './order-notifications.ts';

describe('booking confirmed: queued with the payment, delivered once', () => {
  let ctx: TestContext;
  let made: NoticedOrder;
  let orderId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    made = await factory(ctx).paidOrderWithOwner();
    ({ orderId } = made);
  });
  afterAll(() => ctx.close());

  it('queues the buyer (SMS, email) and the media owner (SMS, email) in the payment transaction', async () => {
    const rows = await notificationRows(ctx);
    expect(rows.map((r) => [r.template, r.channel, r.recipient, r.status])).toEqual([
      ['booking_confirmed_buyer', 'sms', made.buyer.phone, 'pending'],
      ['booking_confirmed_buyer', 'email', made.buyerEmail, 'pending'],
      ['booking_confirmed_owner', 'sms', made.owner.phone, 'pending'],
      ['booking_confirmed_owner', 'email', made.owner.email, 'pending'],
    ]);
  });

  it('delivers each once through the dev outboxes, with rupees and IST dates, and never again', async () => {
    const jobs = testJobs(ctx);
    await jobs.runDueJobs();
    await jobs.runDueJobs();
    const buyerSms = await smsTo(ctx, made.buyer.phone);
    // The sign-in code is not sent here (the test signs a token): only the confirmation.
    expect(buyerSms.map((m) => m.body)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^AdSpace India: order #${orderId} is confirmed: 1 site from 1 Dec 2026, ₹[\\d,]+(\\.\\d\\d)? paid\\.`,
        ),
      ),
    ]);
    const ownerSms = await smsTo(ctx, made.owner.phone);
    expect(ownerSms.map((m) => m.body)).toEqual([
      `AdSpace India: new booking #${orderId} for Marine Drive Gantry (1 Dec 2026 - 7 Dec 2026). The artwork follows; posting proof is due within 48 hours of the start.`,
    ]);
    const buyerMail = await mailTo(ctx, made.buyerEmail);
    expect(buyerMail.map((m) => m.subject)).toEqual([`AdSpace India: order #${orderId} confirmed`]);
    expect(await mailTo(ctx, made.owner.email)).toHaveLength(1);
    const rows = await notificationRows(ctx);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);
  });

  it('a replayed confirmation queues nothing new', async () => {
    await ctx.database.db.transaction((tx) =>
      queueBookingConfirmed(tx, orderId, ctx.clock.now(), orderContacts),
    );
    expect(await notificationRows(ctx)).toHaveLength(4);
  });

  it('GET /api/dev/mail-outbox?to= shows the messages of one address', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/mail-outbox?key=${ctx.config.devKey}&to=${encodeURIComponent(made.owner.email)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([
      expect.objectContaining({ to: made.owner.email, subject: `AdSpace India: new booking #${orderId}` }),
    ]);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/mail-outbox?key=${ctx.config.devKey}&to=nobody`,
      remoteAddress: '127.0.0.1',
    });
    expect(bad.statusCode).toBe(400);
    const remote = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/mail-outbox?key=${ctx.config.devKey}&to=${made.owner.email}`,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
  });
});

describe('a failing channel', () => {
  let ctx: TestContext;
  let failures = 0;
  const failingMail: MailProvider = {
    name: 'smtp',
    send: async () => {
      failures += 1;
      throw new Error('SMTP refused the message (421)');
    },
  };
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is retried on later passes and marked failed after the last attempt; other messages still go', async () => {
    await ctx.database.db.transaction((tx) =>
      queueNotifications(tx, [
        {
          dedupeKey: 't:mail',
          channel: 'email',
          recipient: 'x@example.com',
          template: 'refund_issued',
          payload: { orderId: 7, amountRupees: 1250.5 },
        },
        {
          dedupeKey: 't:sms',
          channel: 'sms',
          recipient: '9822233344',
          template: 'refund_issued',
          payload: { orderId: 7, amountRupees: 1250.5 },
        },
      ]),
    );
    const deps = { ...ctx.app.deps, mail: failingMail };
    const log = { warn: () => {} };
    const first = await deliverPendingNotifications(deps, log);
    expect(first).toEqual({ sent: 1, failed: 1 });
    expect((await smsTo(ctx, '9822233344')).map((m) => m.body)).toEqual([
      'AdSpace India: a refund of ₹1,250.50 for order #7 was issued. It reaches your account in 5-7 working days.',
    ]);
    for (let i = 1; i < MAX_ATTEMPTS + 2; i += 1) await deliverPendingNotifications(deps, log);
    expect(failures).toBe(MAX_ATTEMPTS);
    const [mail] = (await notificationRows(ctx)).filter((r) => r.channel === 'email');
    expect(mail).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'SMTP refused the message (421)',
    });
  });
});
