import type { Db } from '../../db/client.ts';
import { queueNotifications } from './notifications.repository.ts';
import type { OwnerNotificationTemplate } from './owner-notification-texts.ts';

/** One owner event to each of its admins, by SMS and (when known) email, in the event's transaction. */
export async function queueOwnerNotice(
  tx: Db,
  notice: {
    /** Unique per event, e.g. `site:12:approved:3` (the audit or change that caused it). */
    eventKey: string;
    template: OwnerNotificationTemplate;
    payload: Record<string, unknown>;
    admins: Array<{ phoneNumber: string; email: string | null }>;
  },
): Promise<void> {
  await queueNotifications(
    tx,
    notice.admins.flatMap((a) => [
      {
        dedupeKey: `${notice.eventKey}:${a.phoneNumber}:sms`,
        channel: 'sms' as const,
        recipient: a.phoneNumber,
        template: notice.template,
        payload: notice.payload,
      },
      ...(a.email
        ? [
            {
              dedupeKey: `${notice.eventKey}:${a.phoneNumber}:email`,
              channel: 'email' as const,
              recipient: a.email,
              template: notice.template,
              payload: notice.payload,
            },
          ]
        : []),
    ]),
  );
}
