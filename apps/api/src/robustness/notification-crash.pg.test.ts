import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { bookAndPayOverHttp, futureWeek, signInOverHttp } from '../../test/http-journey.ts';
import {
  createProcessStore,
  type ProcessStore,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { mailOutbox, mediaOwners, notifications, smsOutbox } from '../db/schema.ts';
import { systemClock } from '../lib/clock.ts';
import { OutboxMailProvider } from '../modules/mail/outbox-mail.provider.ts';
import { deliverPendingNotifications } from '../modules/notifications/notification-delivery.ts';
import {
  type NotificationRequest,
  queueNotifications,
} from '../modules/notifications/notifications.repository.ts';
import { ConsoleSmsProvider } from '../modules/sms/console-sms.provider.ts';

/**
 * Issue 12: each notification is delivered exactly once (dev outboxes) whatever crashes, and however many
 * workers run. PostgreSQL only (*.pg.test.ts): real processes and several connections at once.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BUYER = '9700000101';
const OWNER_PHONE = '9811100022';
const OWNER_EMAIL = 'owner@crash.example';
let store: ProcessStore;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  store = await createProcessStore();
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.kill();
  await store?.destroy();
});

/** Notification messages only: sign-in codes also land in sms_outbox, and never start with the brand. */
const delivered = () =>
  store.withDb(async (db) => ({
    sms: (await db.select().from(smsOutbox).where(like(smsOutbox.body, 'AdSpace India:%'))).map(
      (m) => m.phoneNumber,
    ),
    mail: (await db.select().from(mailOutbox)).map((m) => m.toAddress),
  }));
const statuses = () =>
  store.withDb(async (db) => (await db.select().from(notifications)).map((n) => n.status));

const requests = (prefix: string, n: number): NotificationRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    dedupeKey: `${prefix}:${i}`,
    channel: i % 2 === 0 ? ('sms' as const) : ('email' as const),
    recipient: i % 2 === 0 ? `96000${String(i).padStart(5, '0')}` : `person${i}@${prefix}.example`,
    template: 'refund_issued' as const,
    payload: { orderId: i + 1, amountRupees: 100 + i },
  }));

/** Runs test/deliver-then-stall.ts and kill -9s it once it stalls before committing a delivery. */
async function crashMidDelivery(stallAfter: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/deliver-then-stall.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: store.databaseUrl, STALL_AFTER: String(stallAfter) },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no stall:\n${output}`)), 60_000);
    const look = (d: Buffer) => {
      output += d;
      if (output.includes('STALLED') || output.includes('DONE')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
  });
  child.kill('SIGKILL');
  await exited;
  return output;
}

describe('exactly once after a crash', () => {
  it('a paid order killed before delivery, a worker killed mid-delivery: after a restart each message went once', async () => {
    const site = await store.withDb(async (db) => {
      const [owner] = await db
        .insert(mediaOwners)
        .values({
          companyName: 'Crash Test Hoardings',
          gstin: '27AAPFU0939F1ZV',
          pan: 'AAPFU0939F',
          addressLine1: '1 Main Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pin: '400001',
          contactName: 'Ravi',
          contactPhone: OWNER_PHONE,
          contactEmail: OWNER_EMAIL,
          ifsc: 'HDFC0000001',
          accountNumber: '12345678901',
          status: 'approved',
        })
        .returning();
      return insertProduct(db, { name: 'Crash Test Hoarding', mediaOwnerId: owner!.id });
    });
    // A process that serves requests but runs no jobs: the payment commits its notifications, then kill -9.
    const first = await startServerProcess(store, { JOBS: 'off' });
    servers.push(first);
    const token = await signInOverHttp(first, BUYER);
    const journey = await bookAndPayOverHttp(first.url, token, {
      productId: site.id,
      rupees: 10_500,
      week: futureWeek(40),
    });
    expect(journey.confirmed?.status).toBe(200);
    await first.kill();
    expect(await statuses()).toEqual(['pending', 'pending', 'pending']);
    expect(await delivered()).toEqual({ sms: [], mail: [] });

    // Six more in a committed transaction, then a worker that commits two and dies holding the third.
    await store.withDb((db) => db.transaction((tx) => queueNotifications(tx, requests('crash', 6))));
    const output = await crashMidDelivery(2);
    expect(output).toContain('STALLED');
    expect((await statuses()).filter((s) => s === 'sent')).toHaveLength(2);
    const afterCrash = await delivered();
    expect(afterCrash.sms.length + afterCrash.mail.length).toBe(2);

    // The real server, jobs on: its first delivery pass finds the seven left.
    const second = await startServerProcess(store);
    servers.push(second);
    const until = Date.now() + 45_000;
    while ((await statuses()).some((s) => s !== 'sent')) {
      if (Date.now() > until) throw new Error(`not delivered:\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const end = await delivered();
    const expectedSms = [
      BUYER,
      OWNER_PHONE,
      ...requests('crash', 6)
        .filter((r) => r.channel === 'sms')
        .map((r) => r.recipient),
    ];
    const expectedMail = [
      OWNER_EMAIL,
      ...requests('crash', 6)
        .filter((r) => r.channel === 'email')
        .map((r) => r.recipient),
    ];
    expect(end.sms.sort()).toEqual(expectedSms.sort());
    expect(end.mail.sort()).toEqual(expectedMail.sort());
    await second.kill();
  }, 180_000);
});

describe('two workers at once', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openDatabase({ url: store.databaseUrl, poolSize: 2 });
    b = await openDatabase({ url: store.databaseUrl, poolSize: 2 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('deliver each of 60 messages once between them', async () => {
    const before = await delivered();
    await store.withDb((db) => db.transaction((tx) => queueNotifications(tx, requests('race', 60))));
    const worker = (database: Database) =>
      deliverPendingNotifications(
        {
          database,
          clock: systemClock,
          sms: new ConsoleSmsProvider(database.db, systemClock),
          mail: new OutboxMailProvider(systemClock),
        },
        { warn: () => {} },
      );
    const [one, two] = await Promise.all([worker(a), worker(b)]);
    expect(one.sent + two.sent).toBe(60);
    // Both really worked (SKIP LOCKED shared the rows rather than one worker waiting for the other).
    expect(Math.min(one.sent, two.sent)).toBeGreaterThan(0);
    const after = await delivered();
    expect(after.sms.length - before.sms.length).toBe(30);
    expect(after.mail.length - before.mail.length).toBe(30);
    expect(new Set(after.mail).size).toBe(after.mail.length);
  });
});
