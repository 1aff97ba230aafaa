import {
  addDays,
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  IST_OFFSET_MS,
  MAX_PROPOSAL_VALIDITY_DAYS,
  type Proposal,
  type ProposalRequest,
  todayIst,
  toPaise,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';
import { mediaOwnerName, noticeToOwner } from '../partners/partners.service.ts';
import { priceLines, rateCardOf } from '../pricing/pricing.service.ts';
import { briefBillingState } from './brief-billing.service.ts';
import { proposalsView } from './proposal-view.ts';
import {
  type BriefRow,
  contactOf,
  findBrief,
  findOwnSites,
  findProposal,
  insertProposal,
  type ProposalRow,
  proposalsOfBrief,
  sitesMatching,
} from './proposals.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

/** The end of an IST day: a proposal valid until 2027-01-10 stands until that day's midnight in India. */
export function endOfIstDay(day: string): Date {
  return new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The buyer's messages of a proposal event (SMS and, when known, email), in the event's transaction. */
export async function tellBuyer(
  tx: Db,
  buyerUserId: number,
  event: string,
  template: 'proposal_received' | 'proposal_countered_buyer',
  payload: Record<string, unknown>,
): Promise<void> {
  const contact = await contactOf(tx, buyerUserId);
  if (!contact) return;
  await queueNotifications(tx, [
    { dedupeKey: `${event}:sms`, channel: 'sms', recipient: contact.phone, template, payload },
    ...(contact.email
      ? [
          {
            dedupeKey: `${event}:email`,
            channel: 'email' as const,
            recipient: contact.email.toLowerCase(),
            template,
            payload,
          },
        ]
      : []),
  ]);
}

export const tellOwner = (
  tx: Db,
  proposal: ProposalRow,
  event: string,
  template: 'proposal_countered_owner' | 'proposal_accepted' | 'proposal_declined',
  briefName: string,
) =>
  noticeToOwner(tx, proposal.mediaOwnerId, {
    eventKey: `proposal:${proposal.id}:${event}`,
    template,
    payload: { brief_name: briefName },
  });

/**
 * POST /api/partner/briefs/{id}/proposals: lines of the owner's own live sites matching the brief, each
 * within the booking date rules, a price each (the line's total before GST), valid for at most 14 days.
 * One proposal per owner and brief (a second is 409 `proposal_exists`: the negotiation goes on in it).
 */
export async function createProposal(
  deps: Deps,
  owner: { id: number },
  userId: number,
  briefId: number,
  body: ProposalRequest,
): Promise<Proposal> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const today = todayIst(now);
  const brief = await findBrief(db, briefId);
  const matching = brief ? await sitesMatching(db, owner.id, brief) : [];
  // A brief the owner has no matching site for is none of its business: the same 404 as no brief.
  if (!brief || !matching.length) throw notFound('Brief');
  if (brief.respondBy < today)
    throw new HttpError(409, 'brief_closed', 'This brief stopped taking proposals on its answer-by day.');
  const latest = addDays(today, MAX_PROPOSAL_VALIDITY_DAYS);
  if (body.valid_until < today || body.valid_until > latest)
    throw badRequest(`A proposal is valid for at most ${MAX_PROPOSAL_VALIDITY_DAYS} days, until ${latest}.`, {
      valid_until: `Choose a day from ${today} to ${latest}.`,
    });
  const sites = new Map(
    (
      await findOwnSites(
        db,
        owner.id,
        body.lines.map((l) => l.product_id),
      )
    ).map((s) => [s.id, s]),
  );
  body.lines.forEach((line, i) => {
    const site = sites.get(line.product_id);
    const field = `lines.${i}.product_id`;
    if (!site)
      throw badRequest(`Line ${i + 1}: not one of your sites.`, { [field]: 'Not one of your sites.' });
    if (site.status !== 'live')
      throw badRequest(`Line ${i + 1}: ${site.name} is not live.`, {
        [field]: 'Only live sites can be proposed.',
      });
    const problem = checkBookingRange(line.from_date, line.to_date, site.minDays, now);
    if (problem) {
      const message =
        problem === 'shorter_than_minimum'
          ? `${site.name} is booked for at least ${site.minDays} days.`
          : DATE_RANGE_MESSAGES[problem];
      throw badRequest(`Line ${i + 1}: ${message}`, { [`lines.${i}.from_date`]: message });
    }
    const clash = body.lines.findIndex(
      (o, j) =>
        j < i && o.product_id === line.product_id && o.from_date < line.to_date && line.from_date < o.to_date,
    );
    if (clash >= 0)
      throw badRequest(`Line ${i + 1} overlaps line ${clash + 1} on the same site.`, {
        [`lines.${i}.from_date`]: 'Overlaps another line of the same site.',
      });
  });
  // The rate card's price for comparison, priced together as an order of these lines would be.
  const list = await priceLines(
    db,
    body.lines.map((l) => {
      const site = sites.get(l.product_id)!;
      return {
        productId: site.id,
        ownerId: owner.id,
        card: rateCardOf(site),
        fromDate: l.from_date,
        toDate: l.to_date,
      };
    }),
  );
  const validUntil = endOfIstDay(body.valid_until);
  const companyName = await mediaOwnerName(db, owner.id);
  const proposal = await inTransaction(db, async (tx) => {
    const existing = await proposalsOfBrief(tx, brief.id, owner.id);
    if (existing.some((p) => p.proposal.status !== 'declined' && p.proposal.validUntil > now))
      throw new HttpError(
        409,
        'proposal_exists',
        'You have a proposal for this brief already: answer the buyer in it, or wait until it lapses.',
      );
    const row = await insertProposal(
      tx,
      {
        briefId: brief.id,
        mediaOwnerId: owner.id,
        createdByUserId: userId,
        validUntil,
        notes: body.notes,
        createdAt: now,
      },
      body.lines.map((l, i) => {
        const pricePaise = toPaise(l.price);
        return {
          productId: l.product_id,
          fromDate: l.from_date,
          toDate: l.to_date,
          pricePaise,
          ownerPricePaise: pricePaise,
          listPricePaise: list[i].totalPaise,
        };
      }),
      userId,
    );
    await tellBuyer(tx, brief.buyerUserId, `proposal:${row.id}:received`, 'proposal_received', {
      brief_name: brief.name,
      company: companyName,
    });
    return row;
  });
  return proposalFor(deps, proposal.id, { ownerId: owner.id });
}

/**
 * One proposal as one side reads it after a step: the brief's buyer (`buyerUserId`) or its owner
 * (`ownerId`); anyone else 404 (an owner never learns another owner's proposal exists).
 */
export async function proposalFor(
  deps: Deps,
  id: number,
  who: { buyerUserId: number } | { ownerId: number },
): Promise<Proposal> {
  const { proposal, brief } = await proposalOf(deps.database.db, id, who);
  const now = deps.clock.now();
  const ownerId = 'ownerId' in who ? who.ownerId : undefined;
  const billingState = ownerId === undefined ? await briefBillingState(deps.database.db, brief) : null;
  const gst = { billingState, companyState: deps.config.company.state };
  const [view] = (await proposalsView(deps.database.db, brief.id, gst, now, proposal.mediaOwnerId)).filter(
    (p) => p.id === id,
  );
  return view;
}

/** The proposal and its brief when `who` may see them; 404 otherwise. */
export async function proposalOf(
  db: Db,
  id: number,
  who: { buyerUserId: number } | { ownerId: number },
): Promise<{ proposal: ProposalRow; brief: BriefRow }> {
  const proposal = await findProposal(db, id);
  const brief = proposal ? await findBrief(db, proposal.briefId) : undefined;
  const allowed =
    proposal &&
    brief &&
    ('ownerId' in who ? proposal.mediaOwnerId === who.ownerId : brief.buyerUserId === who.buyerUserId);
  if (!allowed) throw notFound('Proposal');
  return { proposal, brief };
}
