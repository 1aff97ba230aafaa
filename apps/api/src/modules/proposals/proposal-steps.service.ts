import { type CounterRequest, formatRupees, toPaise, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { mediaOwnerName } from '../partners/partners.service.ts';
import {
  type BriefRow,
  findBrief,
  insertOffers,
  type LineRow,
  linesOf,
  lockProposal,
  type ProposalRow,
  setProposalStatus,
  updateLine,
} from './proposals.repository.ts';
import { tellBuyer, tellOwner } from './proposals.service.ts';

/*
 * The negotiation (DESIGN section 19, decision 086), one step at a time under the proposal's row lock.
 * A line is open while the sides talk, `turn` naming who answers next; the buyer accepts, counters or
 * declines the owner's offer, the owner accepts, counters or declines the buyer's counter (a declined
 * counter falls back to the owner's last offer). Every step is an offer row, kept for good.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;
export type Side = { buyerUserId: number } | { ownerId: number; userId: number };

export interface Locked {
  proposal: ProposalRow;
  brief: BriefRow;
  lines: LineRow[];
}

/** The proposal locked for a step by `who`, refused as 409 once declined, booked or lapsed; 404 for others. */
export async function lockFor(tx: Db, id: number, who: Side, now: Date): Promise<Locked> {
  const proposal = await lockProposal(tx, id);
  const brief = proposal ? await findBrief(tx, proposal.briefId) : undefined;
  const allowed =
    proposal &&
    brief &&
    ('ownerId' in who ? proposal.mediaOwnerId === who.ownerId : brief.buyerUserId === who.buyerUserId);
  if (!allowed) throw notFound('Proposal');
  if (proposal.status === 'declined')
    throw new HttpError(409, 'proposal_declined', 'This proposal was declined; nothing in it can change.');
  if (proposal.status === 'booked')
    throw new HttpError(409, 'proposal_booked', `This proposal is booked (order #${proposal.orderId}).`);
  if (proposal.validUntil <= now)
    throw new HttpError(409, 'proposal_expired', 'This proposal has lapsed: its validity has ended.');
  const lines = (await linesOf(tx, [proposal.id])).map((l) => l.line);
  return { proposal, brief, lines };
}

/** The named lines of the proposal, each open and awaiting `turn`'s answer (409 naming the first that is not). */
function linesAwaiting(locked: Locked, ids: number[], turn: 'owner' | 'buyer', field: string): LineRow[] {
  return ids.map((id, i) => {
    const line = locked.lines.find((l) => l.id === id);
    if (!line)
      throw new HttpError(400, 'bad_request', `Line ${id} is not in this proposal.`, {
        [`${field}.${i}`]: 'Not a line of this proposal.',
      });
    if (line.status !== 'open')
      throw new HttpError(409, 'line_closed', `Line ${id} is ${line.status} already.`, {
        [`${field}.${i}`]: line.status,
      });
    if (line.turn !== turn)
      throw new HttpError(
        409,
        turn === 'buyer' ? 'awaiting_owner' : 'awaiting_buyer',
        `Line ${id} waits for the ${turn === 'buyer' ? "owner's" : "buyer's"} answer.`,
        { [`${field}.${i}`]: 'Not your turn.' },
      );
    return line;
  });
}

const sideOf = (who: Side) => ('ownerId' in who ? ('owner' as const) : ('buyer' as const));
const byUser = (who: Side) => ('ownerId' in who ? who.userId : who.buyerUserId);

/**
 * Accepting, inside the caller's transaction (the accept workflow places the holds in the same one): the
 * buyer takes lines at the owner's standing offer, the owner takes the buyer's counters. Lines accepted
 * already are left as they are, so a repeat changes nothing. Answers the lines accepted now.
 */
export async function acceptLines(tx: Db, id: number, who: Side, lineIds: number[] | undefined, now: Date) {
  const locked = await lockFor(tx, id, who, now);
  const side = sideOf(who);
  const awaiting = locked.lines.filter((l) => l.status === 'open' && l.turn === side);
  const ids = (lineIds ?? awaiting.map((l) => l.id)).filter(
    (lid) => !locked.lines.some((l) => l.id === lid && l.status === 'accepted'),
  );
  if (!lineIds && !ids.length)
    throw new HttpError(409, 'nothing_to_accept', 'No line of this proposal waits for your answer.');
  const lines = linesAwaiting(locked, ids, side, 'line_ids');
  for (const line of lines) await updateLine(tx, line.id, { status: 'accepted' });
  await insertOffers(
    tx,
    lines.map((l) => ({
      proposalId: id,
      lineId: l.id,
      side,
      action: 'accept' as const,
      pricePaise: l.pricePaise,
      byUserId: byUser(who),
      createdAt: now,
    })),
  );
  if (lines.length && side === 'buyer')
    await tellOwner(
      tx,
      locked.proposal,
      `accepted:${lines.map((l) => l.id).join('-')}`,
      'proposal_accepted',
      locked.brief.name,
    );
  if (lines.length && side === 'owner')
    await tellBuyer(
      tx,
      locked.brief.buyerUserId,
      `proposal:${id}:owner-accepted:${lines.map((l) => l.id).join('-')}`,
      'proposal_countered_buyer',
      {
        brief_name: locked.brief.name,
        company: await mediaOwnerName(tx, locked.proposal.mediaOwnerId),
      },
    );
  return { ...locked, accepted: lines };
}

/** POST .../counter by either side: a new price on lines awaiting the caller; the other side answers next. */
export async function counterLines(deps: Deps, id: number, who: Side, body: CounterRequest): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.database.db, async (tx) => {
    const locked = await lockFor(tx, id, who, now);
    const side = sideOf(who);
    const lines = linesAwaiting(
      locked,
      body.lines.map((l) => l.line_id),
      side,
      'lines',
    );
    const offers = [];
    for (const [i, line] of lines.entries()) {
      const pricePaise = toPaise(body.lines[i].price);
      await updateLine(tx, line.id, {
        pricePaise,
        turn: side === 'buyer' ? 'owner' : 'buyer',
        ...(side === 'owner' ? { ownerPricePaise: pricePaise } : {}),
      });
      offers.push({
        proposalId: id,
        lineId: line.id,
        side,
        action: 'counter' as const,
        pricePaise,
        byUserId: byUser(who),
        createdAt: now,
      });
    }
    await insertOffers(tx, offers);
    const event = `countered:${side}:${offers.map((o) => `${o.lineId}-${o.pricePaise}`).join(':')}:${now.getTime()}`;
    if (side === 'buyer')
      await tellOwner(tx, locked.proposal, event, 'proposal_countered_owner', locked.brief.name);
    else
      await tellBuyer(tx, locked.brief.buyerUserId, `proposal:${id}:${event}`, 'proposal_countered_buyer', {
        brief_name: locked.brief.name,
        company: await mediaOwnerName(tx, locked.proposal.mediaOwnerId),
      });
  });
}

/**
 * POST /api/partner/proposals/{id}/decline: the owner refuses the buyer's counters (all of them when no
 * lines are named); each line falls back to the owner's last offer, which the buyer may take or counter.
 */
export async function declineCounters(deps: Deps, id: number, who: Side, lineIds?: number[]): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.database.db, async (tx) => {
    const locked = await lockFor(tx, id, who, now);
    const ids =
      lineIds ?? locked.lines.filter((l) => l.status === 'open' && l.turn === 'owner').map((l) => l.id);
    if (!ids.length)
      throw new HttpError(409, 'nothing_to_decline', 'No counter of the buyer waits for your answer.');
    const lines = linesAwaiting(locked, ids, 'owner', 'line_ids');
    for (const line of lines)
      await updateLine(tx, line.id, { pricePaise: line.ownerPricePaise, turn: 'buyer' });
    await insertOffers(
      tx,
      lines.map((l) => ({
        proposalId: id,
        lineId: l.id,
        side: 'owner' as const,
        action: 'decline' as const,
        pricePaise: l.pricePaise,
        byUserId: byUser(who),
        createdAt: now,
      })),
    );
    await tellBuyer(
      tx,
      locked.brief.buyerUserId,
      `proposal:${id}:counter-declined:${now.getTime()}`,
      'proposal_countered_buyer',
      {
        brief_name: locked.brief.name,
        company: await mediaOwnerName(tx, locked.proposal.mediaOwnerId),
      },
    );
  });
}

/**
 * POST /api/proposals/{id}/decline: the buyer declines open lines (`lineIds`), or the whole proposal when
 * none are named; its owner is told. The whole proposal is refused once a line is accepted (its dates are
 * held for the buyer: book them, or release them in My Orders, Holds, first); named lines must be open.
 * Declining the last open line of a proposal with nothing accepted declines the proposal.
 */
export async function declineProposal(
  deps: Deps,
  id: number,
  buyerUserId: number,
  lineIds?: number[],
): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.database.db, async (tx) => {
    const locked = await lockFor(tx, id, { buyerUserId }, now);
    const accepted = locked.lines.some((l) => l.status === 'accepted');
    if (!lineIds && accepted)
      throw new HttpError(
        409,
        'proposal_accepted',
        'You accepted lines of this proposal: book them, or let the proposal lapse.',
      );
    const open = locked.lines.filter((l) => l.status === 'open');
    const chosen = lineIds ? linesOpen(locked, lineIds) : open;
    for (const line of chosen) await updateLine(tx, line.id, { status: 'declined' });
    await insertOffers(
      tx,
      chosen.map((l) => ({
        proposalId: id,
        lineId: l.id,
        side: 'buyer' as const,
        action: 'decline' as const,
        pricePaise: l.pricePaise,
        byUserId: buyerUserId,
        createdAt: now,
      })),
    );
    const left = open.length - chosen.length;
    if (left === 0 && !accepted) await setProposalStatus(tx, id, { status: 'declined' });
    const event = lineIds ? `lines-declined:${chosen.map((l) => l.id).join('-')}` : 'declined';
    await tellOwner(tx, locked.proposal, event, 'proposal_declined', locked.brief.name);
  });
}

/** The named lines, each open (any turn): a line accepted, booked or declined already is a 409. */
function linesOpen(locked: Locked, ids: number[]): LineRow[] {
  return [...new Set(ids)].map((id, i) => {
    const line = locked.lines.find((l) => l.id === id);
    if (!line)
      throw new HttpError(400, 'bad_request', `Line ${id} is not in this proposal.`, {
        [`line_ids.${i}`]: 'Not a line of this proposal.',
      });
    if (line.status !== 'open')
      throw new HttpError(409, 'line_closed', `Line ${id} is ${line.status} already.`, {
        [`line_ids.${i}`]: line.status,
      });
    return line;
  });
}

/**
 * What POST /api/proposals/{id}/book orders: the accepted lines at their agreed prices (the server's,
 * from the accepted offers) while the proposal stands; 409 `nothing_accepted` otherwise.
 */
export async function bookableLines(deps: Deps, id: number, buyerUserId: number) {
  const now = deps.clock.now();
  return inTransaction(deps.database.db, async (tx) => {
    const locked = await lockFor(tx, id, { buyerUserId }, now);
    const accepted = locked.lines.filter((l) => l.status === 'accepted');
    if (!accepted.length)
      throw new HttpError(
        409,
        'nothing_accepted',
        'Accept at least one line of this proposal before booking it.',
      );
    return {
      lines: accepted.map((l) => ({
        productId: l.productId,
        fromDate: l.fromDate,
        toDate: l.toDate,
        pricePaise: l.pricePaise,
      })),
      total: formatRupees(toRupees(accepted.reduce((s, l) => s + l.pricePaise, 0))),
      /** The agency client the brief was made for: the order is placed for it (decision 092). */
      clientId: locked.brief.clientId,
    };
  });
}

/**
 * What an approval link for a client's proposal shows (decision 092 fifth pass): the accepted lines at
 * their agreed prices, with their sites' names, cities and formats, as `bookableLines` would book them;
 * the brief's client (null when the brief is the buyer's own) and name.
 */
export async function approvableLines(deps: Deps, id: number, buyerUserId: number) {
  const now = deps.clock.now();
  const { lines, brief } = await inTransaction(deps.database.db, async (tx) => {
    const locked = await lockFor(tx, id, { buyerUserId }, now);
    return { lines: await linesOf(tx, [id]), brief: locked.brief };
  });
  const accepted = lines.filter((l) => l.line.status === 'accepted');
  if (!accepted.length)
    throw new HttpError(
      409,
      'nothing_accepted',
      'Accept at least one line of this proposal before asking for its approval.',
    );
  return {
    clientId: brief.clientId,
    name: `${brief.name}, proposal #${id}`,
    lines: accepted.map((l) => ({
      productId: l.line.productId,
      siteName: l.name,
      city: l.city,
      format: l.format,
      fromDate: l.line.fromDate,
      toDate: l.line.toDate,
      pricePaise: l.line.pricePaise,
    })),
  };
}

/** After the order is placed: the proposal is booked and names it, its accepted lines booked. */
export async function markBooked(deps: Deps, id: number, orderId: number): Promise<void> {
  await inTransaction(deps.database.db, async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal || proposal.status === 'booked') return;
    const lines = (await linesOf(tx, [id])).map((l) => l.line);
    for (const line of lines.filter((l) => l.status === 'accepted'))
      await updateLine(tx, line.id, { status: 'booked' });
    await setProposalStatus(tx, id, { status: 'booked', orderId });
  });
}
