import {
  addDays,
  type BriefDetail,
  type BriefList,
  type BriefRequest,
  MIN_DAYS_BEFORE_START,
  type PartnerBriefList,
  todayIst,
  toPaise,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type AgencyActor, clientForBooking, clientNamesOf } from '../agencies/agencies.service.ts';
import { noticeToOwner } from '../partners/partners.service.ts';
import { briefBillingState } from './brief-billing.service.ts';
import { proposalsView, toBrief } from './proposal-view.ts';
import {
  findBrief,
  insertBrief,
  listBriefsOf,
  openBriefsMatching,
  ownersMatching,
  sitesMatching,
} from './proposals.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

/**
 * POST /api/briefs: the brief is kept and every approved owner with a live site matching it (city and
 * format) is told by SMS and email, through the outbox in the same transaction (decision 086).
 */
export async function postBrief(deps: Deps, user: AgencyActor, body: BriefRequest) {
  const userId = user.id;
  // Before anything else: a client of no agency of the user's (as admin or planner) is 404 (decision 092).
  const client = body.client_id
    ? (await clientForBooking(deps.database.db, user, body.client_id)).client
    : null;
  const now = deps.clock.now();
  const today = todayIst(now);
  const earliest = addDays(today, MIN_DAYS_BEFORE_START);
  if (body.from_date < earliest)
    throw badRequest(`A campaign can start on ${earliest} at the earliest.`, {
      from_date: `The first day can be ${earliest} at the earliest.`,
    });
  if (body.respond_by < today || body.respond_by >= body.from_date)
    throw badRequest('The answer-by day must be between today and the first day of the campaign.', {
      respond_by: 'Choose a day from today to the day before the campaign starts.',
    });
  const unique = (xs: string[]) => [...new Map(xs.map((x) => [x.toLowerCase(), x])).values()];
  return inTransaction(deps.database.db, async (tx) => {
    const row = await insertBrief(tx, {
      buyerUserId: userId,
      name: body.name,
      cities: unique(body.cities),
      formats: unique(body.formats),
      fromDate: body.from_date,
      toDate: body.to_date,
      budgetPaise: toPaise(body.budget),
      objective: body.objective,
      notes: body.notes,
      respondBy: body.respond_by,
      clientId: client?.id ?? null,
      createdAt: now,
    });
    for (const ownerId of await ownersMatching(tx, row)) {
      await noticeToOwner(tx, ownerId, {
        eventKey: `brief:${row.id}:posted:${ownerId}`,
        template: 'brief_posted',
        payload: { brief_name: row.name, respond_by: row.respondBy },
      });
    }
    return toBrief(row, now);
  });
}

/** The client a brief was made for, by name, on the buyer's own views. */
async function clientNames(deps: Deps, rows: { clientId: number | null }[]) {
  const names = await clientNamesOf(
    deps.database.db,
    rows.map((r) => r.clientId),
  );
  return (r: { clientId: number | null }) => (r.clientId === null ? null : (names.get(r.clientId) ?? null));
}

/** GET /api/briefs: the caller's briefs, newest first, each with how many proposals it has. */
export async function listBriefs(deps: Deps, userId: number): Promise<BriefList> {
  const now = deps.clock.now();
  const rows = await listBriefsOf(deps.database.db, userId);
  const clientOf = await clientNames(
    deps,
    rows.map((r) => r.brief),
  );
  return {
    results: rows.map((r) => ({
      ...toBrief(r.brief, now),
      proposals: Number(r.proposals),
      client_id: r.brief.clientId,
      client_name: clientOf(r.brief),
    })),
  };
}

/** GET /api/briefs/{id}: the caller's brief with every proposal side by side; another's brief is 404. */
export async function briefDetail(deps: Deps, userId: number, id: number): Promise<BriefDetail> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const row = await findBrief(db, id);
  if (!row || row.buyerUserId !== userId) throw notFound('Brief');
  const gst = { billingState: await briefBillingState(db, row), companyState: deps.config.company.state };
  const clientOf = await clientNames(deps, [row]);
  return {
    ...toBrief(row, now),
    proposals: await proposalsView(db, row.id, gst, now),
    client_id: row.clientId,
    client_name: clientOf(row),
  };
}

/**
 * GET /api/partner/briefs: open briefs matching the owner's live sites, each with those sites and the
 * owner's own proposal (never another owner's). GST reads as an estimate: the buyer's state is theirs.
 */
export async function partnerBriefs(deps: Deps, ownerId: number): Promise<PartnerBriefList> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const rows = await openBriefsMatching(db, ownerId, todayIst(now));
  const gst = { billingState: null, companyState: deps.config.company.state };
  const results = [];
  for (const row of rows) {
    const [sites, own] = await Promise.all([
      sitesMatching(db, ownerId, row),
      proposalsView(db, row.id, gst, now, ownerId),
    ]);
    results.push({
      ...toBrief(row, now),
      matching_sites: sites.map((s) => ({ id: s.id, name: s.name, site_code: s.siteCode, city: s.city })),
      proposal: own.at(-1) ?? null,
    });
  }
  return { results };
}
