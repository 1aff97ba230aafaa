import { CLIENT_BOOKING_ERRORS, formatRupees, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { type ApprovalSubject, findClientById, latestApproval, lockClient } from './approvals.repository.ts';
import { approvalState, linesHash } from './approvals.service.ts';

/*
 * What a booking for an agency's client must meet (decision 092), for the bookings module: the client's
 * approval of the plan when it asks for one, and its monthly spend limit. The client has already been
 * checked to be the booking user's agency's (clientForBooking).
 */

export interface BookedLine {
  productId: number;
  campaignId: number | null;
  fromDate: string;
  toDate: string;
  /** Priced by the server, before GST. */
  pricePaise: number;
}

const refusal = (code: string, message: string) => new HttpError(409, code, message);

/**
 * With `approval_required` on, the order must be one campaign's lines, that campaign's latest approval
 * link for the client must be approved, and the lines (sites, dates, prices before GST) must be exactly the
 * plan approved: a changed plan needs approving again. Read before the order's transaction: a decision or a
 * revocation landing meanwhile is the same as one a moment later.
 */
export async function requireClientApproval(db: Db, clientId: number, lines: BookedLine[], now: Date) {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound('Client');
  if (!client.approvalRequired) return;
  const campaigns = [...new Set(lines.map((l) => l.campaignId))];
  const campaignId = campaigns.length === 1 ? campaigns[0] : null;
  if (campaignId === null) {
    throw refusal(
      CLIENT_BOOKING_ERRORS.approvalRequired,
      `${needs(client.name)}: book one saved campaign whose plan ${client.name} approved, with all its sites and dates.`,
    );
  }
  await judgeLatest(db, { campaignId, proposalId: null }, client, lines, now, 'this campaign');
}

/**
 * A negotiated proposal booked for a client that signs off plans first (decision 092 fifth pass): the
 * proposal's latest approval link for the client must be approved, on exactly the accepted lines at their
 * agreed prices being booked. Refused (409) before anything is placed.
 */
export async function requireProposalApproval(
  db: Db,
  clientId: number,
  proposalId: number,
  lines: Array<Omit<BookedLine, 'campaignId'>>,
  now: Date,
): Promise<void> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound('Client');
  if (!client.approvalRequired) return;
  await judgeLatest(db, { campaignId: null, proposalId }, client, lines, now, 'this proposal');
}

const needs = (name: string) => `Bookings for ${name} need ${name}'s approval of the plan first`;

async function judgeLatest(
  db: Db,
  subject: ApprovalSubject,
  client: { id: number; name: string },
  lines: Array<Omit<BookedLine, 'campaignId'>>,
  now: Date,
  what: string,
): Promise<void> {
  const approval = await latestApproval(db, subject, client.id);
  const state = approval ? approvalState(approval, now) : null;
  if (!approval || state !== 'approved') {
    const why: Record<string, string> = {
      none: `ask for approval of ${what}`,
      pending: 'the approval link is still waiting for a decision',
      rejected: `${client.name} rejected this plan; change it and ask again`,
      expired: 'the approval link expired; ask for approval again',
      revoked: 'the approval link was withdrawn; ask for approval again',
    };
    throw refusal(CLIENT_BOOKING_ERRORS.approvalRequired, `${needs(client.name)}: ${why[state ?? 'none']}.`);
  }
  if (linesHash(lines) !== approval.linesHash) {
    throw refusal(
      CLIENT_BOOKING_ERRORS.approvalOutdated,
      `This is not the plan ${client.name} approved: its sites, dates or prices changed since. Ask for approval again, or book the approved plan as it was.`,
    );
  }
}

/**
 * Inside the order's transaction: locks the client's row (so bookings for one client pass the limit one
 * at a time) and refuses an order that would take the month's spend over the client's limit. `spent` is
 * read after the lock, so it sees every order a booking before this one committed.
 */
export async function refuseOverMonthlyLimit(
  tx: Db,
  clientId: number,
  orderPaise: number,
  spent: () => Promise<number>,
): Promise<void> {
  const client = await lockClient(tx, clientId);
  if (!client) throw notFound('Client');
  const limit = client.monthlyLimitPaise;
  if (limit === null) return;
  const used = await spent();
  if (used + orderPaise <= limit) return;
  const left = Math.max(0, limit - used);
  throw new HttpError(
    409,
    CLIENT_BOOKING_ERRORS.monthlyLimit,
    `This order (${formatRupees(toRupees(orderPaise))} before GST) would take ${client.name} over its monthly limit of ${formatRupees(toRupees(limit))}: ${formatRupees(toRupees(left))} is left this month.`,
    { amount: `At most ${formatRupees(toRupees(left))} this month` },
  );
}
