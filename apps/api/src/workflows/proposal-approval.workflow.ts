import { type ApprovalCreated, daysBetween, type ProposalApprovalBody, SUPPLY_GST_BP } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import type { StoredApprovalLine } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { approvalPlanner, recordApprovalRequest } from '../modules/agencies/approvals.service.ts';
import { approvableLines } from '../modules/proposals/proposal-steps.service.ts';
import type { AuthUser } from '../plugins/auth-user.ts';

/*
 * An approval link for a negotiated proposal (DESIGN section 19, decision 092 fifth pass): the accepted lines
 * of a proposal answering a brief made for an agency's client, at their agreed prices, shown to the client's
 * approver as a campaign's plan is. Steps:
 * 1. proposals: the proposal is the caller's (their brief; 404 otherwise), still standing, with accepted
 *    lines (409 `nothing_accepted`), and the brief is for a client (409 `not_for_client` otherwise);
 * 2. agencies: the caller is an admin or planner of the client's agency (an approver 403, none 404);
 * 3. agencies: the link written with the lines' snapshot and hash (older waiting links of the proposal for
 *    the client revoked), audited, its token answered once; booking the proposal then needs it approved on
 *    exactly these lines (workflows/proposal-book.workflow.ts).
 * Nothing is written before step 3.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

const gstOf = (paise: number) => Math.round((paise * SUPPLY_GST_BP) / 10_000);

export async function requestProposalApproval(
  deps: Deps,
  user: AuthUser,
  proposalId: number,
  body: ProposalApprovalBody,
): Promise<ApprovalCreated> {
  const db = deps.database.db;
  const proposal = await approvableLines(deps, proposalId, user.id);
  if (proposal.clientId === null)
    throw new HttpError(
      409,
      'not_for_client',
      "This brief is your own, not an agency client's: nothing needs a client's approval.",
    );
  const { agency, client } = await approvalPlanner(db, user, proposal.clientId);
  const lines: StoredApprovalLine[] = proposal.lines.map((l) => ({
    ...l,
    days: daysBetween(l.fromDate, l.toDate),
    gstPaise: gstOf(l.pricePaise),
  }));
  return recordApprovalRequest(
    { db, clock: deps.clock },
    {
      user,
      agency,
      client,
      subject: { proposalId, name: proposal.name },
      lines,
      notify: body.approver_email
        ? { email: body.approver_email, publicUrl: deps.config.publicUrl }
        : undefined,
    },
  );
}
