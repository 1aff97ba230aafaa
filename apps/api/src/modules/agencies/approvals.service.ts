import { createHash, randomBytes } from 'node:crypto';
import {
  APPROVAL_LINK_DAYS,
  APPROVAL_TOKEN_PATTERN,
  type Approval,
  type ApprovalCreated,
  type ApprovalDecisionBody,
  type ApprovalLine,
  type ApprovalState,
  formatDateIst,
  MS_PER_DAY,
  type PublicApproval,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { StoredApprovalLine } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';
import { profileOf } from '../users/users.service.ts';
import type { AgencyClientRow, AgencyRow } from './agencies.repository.ts';
import { findClient } from './agencies.repository.ts';
import { type AgencyActor, agencyOf } from './agencies.service.ts';
import {
  type ApprovalRow,
  findAgencyApproval,
  findApprovalByHash,
  insertApproval,
  listAgencyApprovals,
  lockApproval,
  type NamedApprovalRow,
  revokeWaiting,
  setDecision,
  setRevoked,
} from './approvals.repository.ts';

/*
 * Approval links (DESIGN section 19, decision 092): the plan of a planner's saved campaign for one of the
 * agency's clients, shown to the client's approver (outside the product, no sign-in) behind a random
 * token; decided once, audited, told to the planner. The plan is a snapshot taken when the link is made,
 * so the approver decides on what will be booked, and a booking is judged against its hash.
 */

interface Deps {
  db: Db;
  clock: Clock;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The plan's fingerprint: each line's site, dates and price before GST, in a fixed order. A booking for a
 * client that needs approval must carry exactly these lines (client-rules.service.ts).
 */
export function linesHash(
  lines: ReadonlyArray<Pick<StoredApprovalLine, 'productId' | 'fromDate' | 'toDate' | 'pricePaise'>>,
): string {
  const parts = lines
    .map((l) => `${l.productId}|${l.fromDate}|${l.toDate}|${l.pricePaise}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export function approvalState(row: ApprovalRow, now: Date): ApprovalState {
  if (row.revokedAt) return 'revoked';
  if (row.decision) return row.decision;
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

const lineView = (l: StoredApprovalLine): ApprovalLine => ({
  product_id: l.productId,
  site_name: l.siteName,
  city: l.city,
  format: l.format,
  from_date: l.fromDate,
  to_date: l.toDate,
  days: l.days,
  price: toRupees(l.pricePaise),
  gst: toRupees(l.gstPaise),
  total: toRupees(l.pricePaise + l.gstPaise),
});

function publicView(row: NamedApprovalRow, now: Date): PublicApproval {
  const subtotal = row.lines.reduce((sum, l) => sum + l.pricePaise, 0);
  const gst = row.lines.reduce((sum, l) => sum + l.gstPaise, 0);
  return {
    state: approvalState(row, now),
    campaign_id: row.campaignId,
    proposal_id: row.proposalId,
    campaign_name: row.campaignName,
    client_name: row.clientName,
    agency_name: row.agencyName,
    lines: row.lines.map(lineView),
    subtotal: toRupees(subtotal),
    gst: toRupees(gst),
    total: toRupees(subtotal + gst),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by_name: row.decidedByName,
    comment: row.comment,
  };
}

const agencyView = (row: NamedApprovalRow, now: Date): Approval => ({
  id: row.id,
  client_id: row.clientId,
  ...publicView(row, now),
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

const PLANNERS = ['admin', 'planner'] as const;

/**
 * The agency and client an approval is asked for by: an admin or planner (an approver of the agency is
 * 403, someone of no agency 404) and a client of that agency (another agency's is 404).
 */
export async function approvalPlanner(
  db: Db,
  user: AgencyActor,
  clientId: number,
): Promise<{ agency: AgencyRow; client: AgencyClientRow }> {
  const { agency } = await agencyOf(db, user, PLANNERS);
  const client = await findClient(db, agency.id, clientId);
  if (!client) throw notFound('Client');
  return { agency, client };
}

/**
 * The link itself, for the approval-request workflow once it has the plan: older links of the campaign
 * for the client still waiting are revoked (replaced), the new one written and audited. The token is
 * answered here once and never again.
 */
export async function recordApprovalRequest(
  deps: Deps,
  p: {
    user: AgencyActor;
    agency: AgencyRow;
    client: AgencyClientRow;
    /**
     * What is asked about: a saved campaign's plan, or a proposal's accepted lines at their agreed prices
     * (`name` is what the approver's page calls it).
     */
    subject: { campaignId: number; name: string } | { proposalId: number; name: string };
    lines: StoredApprovalLine[];
    /** The approver's email, to send the link to (the product's absolute address of it). */
    notify?: { email: string; publicUrl: string };
  },
): Promise<ApprovalCreated> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const subject =
      'campaignId' in p.subject
        ? { campaignId: p.subject.campaignId, proposalId: null }
        : { campaignId: null, proposalId: p.subject.proposalId };
    const replaced = await revokeWaiting(tx, subject, p.client.id, now);
    const made = await insertApproval(tx, {
      agencyId: p.agency.id,
      clientId: p.client.id,
      ...subject,
      campaignName: p.subject.name,
      tokenHash: hashToken(token),
      lines: p.lines,
      linesHash: linesHash(p.lines),
      requestedByUserId: p.user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + APPROVAL_LINK_DAYS * MS_PER_DAY),
    });
    await recordAudit(tx, {
      actorUserId: p.user.id,
      action: 'agency.approval_request',
      entity: 'agency_approval',
      entityId: String(made.id),
      before: null,
      after: {
        campaign_id: subject.campaignId,
        proposal_id: subject.proposalId,
        client_id: p.client.id,
        lines: p.lines.length,
        replaced,
        emailed: Boolean(p.notify),
      },
      createdAt: now,
    });
    if (p.notify) {
      // "Approval asked" (DESIGN 19): the approver has no account, so the link goes to the address the
      // planner gave, in the same transaction as the link (never a link without its message, or one twice).
      await queueNotifications(tx, [
        {
          dedupeKey: `approval:${made.id}:asked:email`,
          channel: 'email',
          recipient: p.notify.email.toLowerCase(),
          template: 'approval_asked',
          payload: {
            agency_name: p.agency.companyName,
            client_name: p.client.name,
            campaign_name: p.subject.name,
            url: `${p.notify.publicUrl}/approvals/${token}`,
            expires_at: made.expiresAt.toISOString(),
          },
        },
      ]);
    }
    return made;
  });
  const view = agencyView({ ...row, clientName: p.client.name, agencyName: p.agency.companyName }, now);
  return { ...view, token, url: `/approvals/${token}` };
}

/** GET /api/agency/approvals: the agency's links (admins and planners), optionally of one campaign or proposal. */
export async function agencyApprovals(
  db: Db,
  clock: Clock,
  user: AgencyActor,
  only: { campaignId?: number; proposalId?: number } = {},
) {
  const { agency } = await agencyOf(db, user, PLANNERS);
  const now = clock.now();
  return (await listAgencyApprovals(db, agency.id, only)).map((r) => agencyView(r, now));
}

/** DELETE /api/agency/approvals/{id}: withdraws a link still waiting; a decided or expired one is 409. */
export async function revokeApproval(deps: Deps, user: AgencyActor, id: number): Promise<void> {
  const { agency } = await agencyOf(deps.db, user, PLANNERS);
  if (!(await findAgencyApproval(deps.db, agency.id, id))) throw notFound('Approval');
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const row = await lockApproval(tx, id);
    if (!row) throw notFound('Approval');
    const state = approvalState(row, now);
    if (state !== 'pending') throw conflict(`This approval link is ${state} already; nothing to withdraw.`);
    await setRevoked(tx, id, now);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'agency.approval_revoke',
      entity: 'agency_approval',
      entityId: String(id),
      before: { state },
      after: { state: 'revoked' },
      createdAt: now,
    });
  });
}

/** The link of a token; a token we never issued (or not shaped like one) is 404. */
async function byToken(db: Db, token: string): Promise<NamedApprovalRow> {
  if (!APPROVAL_TOKEN_PATTERN.test(token)) throw notFound('Approval');
  const row = await findApprovalByHash(db, hashToken(token));
  if (!row) throw notFound('Approval');
  return row;
}

/** GET /api/approvals/{token}: the plan and its state, whatever the state (the page says it). */
export async function openApproval(deps: Deps, token: string): Promise<PublicApproval> {
  return publicView(await byToken(deps.db, token), deps.clock.now());
}

const gone = (message: string) => new HttpError(410, 'gone', message);

/**
 * POST /api/approvals/{token}: the approver's decision, once. Under the link's row lock: withdrawn or
 * expired is 410 (the link no longer decides anything), already decided is 409. Audited with the link's
 * planner as the actor (the approver has no account; their typed name is in the entry), and the planner
 * is told through the outbox in the same transaction.
 */
export async function decideApproval(
  deps: Deps,
  token: string,
  body: ApprovalDecisionBody,
): Promise<PublicApproval> {
  const found = await byToken(deps.db, token);
  const now = deps.clock.now();
  const decision = body.decision === 'approve' ? 'approved' : 'rejected';
  const comment = body.comment || null;
  await inTransaction(deps.db, async (tx) => {
    const row = await lockApproval(tx, found.id);
    if (!row) throw notFound('Approval');
    if (row.revokedAt) throw gone('This approval link was withdrawn by the agency. Ask them for a new one.');
    if (row.decision) {
      throw conflict(
        `This plan was already ${row.decision} on ${formatDateIst(row.decidedAt!)} by ${row.decidedByName}.`,
      );
    }
    if (approvalState(row, now) === 'expired') {
      throw gone(
        `This approval link expired on ${formatDateIst(row.expiresAt)}. Ask the agency for a new one.`,
      );
    }
    await setDecision(tx, row.id, { decision, decidedAt: now, decidedByName: body.name, comment });
    await recordAudit(tx, {
      actorUserId: row.requestedByUserId,
      action: 'agency.approval_decide',
      entity: 'agency_approval',
      entityId: String(row.id),
      before: { state: 'pending' },
      after: { state: decision, approver_name: body.name, comment, via: 'approval_link' },
      createdAt: now,
    });
    await tellPlanner(tx, row, found.clientName, decision, body.name);
  });
  return publicView({ ...found, decision, decidedAt: now, decidedByName: body.name, comment }, now);
}

async function tellPlanner(
  tx: Db,
  row: ApprovalRow,
  clientName: string,
  decision: 'approved' | 'rejected',
  decidedByName: string,
): Promise<void> {
  const planner = await profileOf(tx, row.requestedByUserId);
  if (!planner) return;
  const payload = {
    client_name: clientName,
    campaign_name: row.campaignName,
    decision,
    decided_by_name: decidedByName,
  };
  const key = `approval:${row.id}:decided`;
  await queueNotifications(tx, [
    {
      dedupeKey: `${key}:sms`,
      channel: 'sms',
      recipient: planner.phoneNumber,
      template: 'approval_decided',
      payload,
    },
    ...(planner.email
      ? [
          {
            dedupeKey: `${key}:email`,
            channel: 'email' as const,
            recipient: planner.email.toLowerCase(),
            template: 'approval_decided' as const,
            payload,
          },
        ]
      : []),
  ]);
}
