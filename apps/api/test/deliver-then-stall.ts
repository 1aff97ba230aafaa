/**
 * A worker that dies mid-delivery (notification-crash.pg.test.ts): on DATABASE_URL, delivers pending
 * notifications through the dev outboxes with the app's own code, and once STALL_AFTER messages have
 * committed, hands over the next one and stops before its commit, printing "STALLED". The test then
 * kill -9s it: that message was written to the outbox in a transaction that never commits.
 */
import { openDatabase } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { OutboxMailProvider } from '../src/modules/mail/outbox-mail.provider.ts';
import { deliverPendingNotifications } from '../src/modules/notifications/notification-delivery.ts';
import { ConsoleSmsProvider } from '../src/modules/sms/console-sms.provider.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
const stallAfter = Number(process.env.STALL_AFTER ?? '0');
let committed = 0;
await deliverPendingNotifications(
  {
    database,
    clock: systemClock,
    sms: new ConsoleSmsProvider(database.db, systemClock),
    mail: new OutboxMailProvider(systemClock),
  },
  { warn: () => {} },
  {
    beforeCommit: async (row) => {
      if (committed < stallAfter) {
        committed += 1;
        return;
      }
      process.stdout.write(`STALLED ${row.id}\n`);
      await new Promise(() => {});
    },
  },
);
process.stdout.write('DONE\n');
