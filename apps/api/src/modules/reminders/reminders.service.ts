import {
  creativeDueDate,
  creativePhase,
  daysBetween,
  normalisePhone,
  type OpsOverdueLine,
  proofDueAt,
  proofPhase,
  todayIst,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  type NotificationRequest,
  type NotificationTemplate,
  queueNotifications,
} from '../notifications/notifications.service.ts';
import { type LineAwaitingWork, linesAwaitingWork } from '../orders/line-reads.service.ts';

type Need = { kind: 'creative' | 'proof'; phase: 'due_soon' | 'overdue'; due: string };

/** What a line is waiting for at `now`, if a reminder or the overdue list concerns it. */
export function lineNeed(line: LineAwaitingWork, now: Date): Need | undefined {
  if (line.status === 'scheduled' || line.status === 'creative_rejected') {
    const phase = creativePhase(line.fromDate, line.toDate, now);
    if (phase === 'due_soon' || phase === 'overdue')
      return { kind: 'creative', phase, due: creativeDueDate(line.fromDate) };
  }
  if (line.status === 'creative_approved' && !line.hasProof) {
    const phase = proofPhase(line.fromDate, line.toDate, now);
    if (phase === 'due_soon' || phase === 'overdue')
      return { kind: 'proof', phase, due: proofDueAt(line.fromDate).toISOString() };
  }
  return undefined;
}

const TEMPLATES: Record<Need['kind'], Record<Need['phase'], NotificationTemplate>> = {
  creative: { due_soon: 'creative_due_reminder', overdue: 'creative_overdue' },
  proof: { due_soon: 'proof_due_reminder', overdue: 'proof_overdue' },
};

/**
 * Queues the reminders of docs/product-rules.md section 9: the buyer about a creative (before it is due and once
 * overdue), the media owner about a proof (before and once overdue), by SMS and email. The dedupe key
 * names the line, the reminder and the recipient, so each goes once however often this runs (a line
 * whose creative is rejected after its reminder is not reminded again: the rejection message says it).
 */
export async function queueDueReminders(db: Db, now: Date): Promise<{ queued: number }> {
  const lines = await linesAwaitingWork(db, now);
  const requests: NotificationRequest[] = [];
  for (const line of lines) {
    const need = lineNeed(line, now);
    if (!need) continue;
    const template = TEMPLATES[need.kind][need.phase];
    const payload = {
      orderId: line.orderId,
      siteName: line.siteName,
      fromDate: line.fromDate,
      toDate: line.toDate,
      dueDate: need.due,
    };
    const key = `line:${line.lineId}:${template}`;
    const phone =
      need.kind === 'creative' ? line.buyerPhone : line.ownerPhone ? normalisePhone(line.ownerPhone) : null;
    const email = need.kind === 'creative' ? line.buyerEmail : line.ownerEmail;
    const who = need.kind === 'creative' ? 'buyer' : 'owner';
    if (phone)
      requests.push({ dedupeKey: `${key}:${who}:sms`, channel: 'sms', recipient: phone, template, payload });
    if (email)
      requests.push({
        dedupeKey: `${key}:${who}:email`,
        channel: 'email',
        recipient: email.toLowerCase(),
        template,
        payload,
      });
  }
  let queued = 0;
  // Small transactions: one line's messages are queued together or not at all.
  for (let i = 0; i < requests.length; i += 100) {
    const chunk = requests.slice(i, i + 100);
    queued += await inTransaction(db, (tx) => queueNotifications(tx, chunk));
  }
  return { queued };
}

/** The operator's overdue list: lines whose creative or proof is overdue now, most overdue first. */
export async function overdueLines(db: Db, now: Date): Promise<OpsOverdueLine[]> {
  const today = todayIst(now);
  const out: OpsOverdueLine[] = [];
  for (const line of await linesAwaitingWork(db, now)) {
    const need = lineNeed(line, now);
    if (need?.phase !== 'overdue') continue;
    const dueDay = need.kind === 'creative' ? need.due : todayIst(new Date(need.due));
    out.push({
      line_id: line.lineId,
      order_id: line.orderId,
      kind: need.kind,
      status: line.status,
      site_name: line.siteName,
      media_owner: line.ownerName,
      buyer_phone: line.buyerPhone,
      from_date: line.fromDate,
      to_date: line.toDate,
      due: need.due,
      days_overdue: Math.max(0, daysBetween(dueDay, today)),
    });
  }
  return out.sort((a, b) => b.days_overdue - a.days_overdue || a.line_id - b.line_id);
}
