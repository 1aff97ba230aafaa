import type { EraseAccountResponse } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { inTransaction } from '../db/transaction.ts';
import { HttpError } from '../lib/errors.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { endSessionsIn, revokeBearerToken } from '../modules/auth/sessions.service.ts';
import { listHolds, releaseHold } from '../modules/holds/holds.service.ts';
import { forgetRecipients } from '../modules/notifications/notifications.service.ts';
import { bookedCampaigns } from '../modules/orders/orders.service.ts';
import { leaveTeamsOnErasure, teamErasureRefusal } from '../modules/partners/members.service.ts';
import { contactsToForget, erasePersonalFields } from '../modules/users/users.service.ts';
import type { AuthUser } from '../plugins/auth-user.ts';

/*
 * What erasure keeps, and why (the one place this is written down). DPDP Act 2023 s.8(7) and s.12(3) let a
 * Data Fiduciary keep personal data that another law requires it to retain. CGST Act 2017 s.35-36 with
 * CGST Rules 56-58 require the accounts (tax invoices, credit notes, payment records) to be kept for 72
 * months from the due date of the annual return for their year - about 8 years - and Income-tax Act s.44AA
 * likewise. So the orders, their lines' billing fields (the buyer's name, GSTIN and address as invoiced),
 * invoices, credit notes, payments and refunds stay untouched; everything else personal goes: the profile
 * (number, names, email, company, GSTIN, PAN, address), every session and token, and live holds.
 */
const KEPT = [
  'Tax invoices, credit notes, payments and refunds of your paid orders, with the billing name, GSTIN and address printed on them (CGST Act s.36: 72 months).',
];

const OPEN_STATUSES = new Set(['paid', 'partially_refunded']);

/** DELETE /api/me: the caller's personal data erased except what tax law keeps; audited; safe to repeat. */
export async function eraseAccount(deps: AppDeps, caller: AuthUser): Promise<EraseAccountResponse['data']> {
  // 1. A paid booking that has not ended still needs the person (creatives, proofs, refunds): refuse.
  const booked = (await bookedCampaigns(deps, caller.id)).data;
  const open = [...booked.upcoming_campaigns, ...booked.ongoing_campaigns].filter(
    (o) => OPEN_STATUSES.has(o.status) && o.live_sites > 0,
  );
  if (open.length > 0) {
    const ids = [...new Set(open.map((o) => o.order_id))].sort((a, b) => a - b);
    throw new HttpError(
      409,
      'open_booking',
      `Your account has paid bookings that have not ended yet (order ${ids.join(', ')}). Erase it after they end, or cancel them first.`,
    );
  }
  // 1b. A media owner's only admin: the team would have nobody to run its sites and payouts.
  const refusal = await teamErasureRefusal(deps.database.db, caller.id);
  if (refusal) throw new HttpError(409, 'only_admin', refusal);
  const now = deps.clock.now();
  // 2. Live holds released, so the dates are free for others and no reminder reaches the erased account.
  const holds = (await listHolds(deps, caller.id)).results;
  for (const hold of holds.filter((h) => h.status === 'active' || h.status === 'requested')) {
    await releaseHold(deps, caller.id, hold.id);
  }
  // 3. The profile anonymised, sessions ended, messages to the person dropped (none waiting is sent, the
  //    sent ones lose the number and address) and the erasure audited, all or nothing.
  const sessionsEnded = await inTransaction(deps.database.db, async (tx) => {
    // The stored number, not the caller's: a repeated erasure must not touch a new account on the same number.
    await forgetRecipients(tx, await contactsToForget(tx, caller.id));
    // The person leaves an owner's team and any invitation to their number goes (the owner's records stay).
    await leaveTeamsOnErasure(tx, { userId: caller.id, phoneNumber: caller.phoneNumber }, now);
    await erasePersonalFields(tx, caller.id, now);
    const ended = await endSessionsIn(tx, caller.id, now);
    await recordAudit(tx, {
      actorUserId: caller.id,
      action: 'user.erase',
      entity: 'user',
      entityId: String(caller.id),
      // No personal data in the log: the erasure would be undone by its own record.
      before: null,
      after: { erased: true, sessions_ended: ended },
      createdAt: now,
    });
    return ended;
  });
  // 4. The bearer token the request came with stops working too (a cookie's session ended in step 3).
  if (caller.token) await revokeBearerToken(deps.database.db, caller.token, now);
  return { erased: true, sessions_ended: sessionsEnded, kept: KEPT };
}
