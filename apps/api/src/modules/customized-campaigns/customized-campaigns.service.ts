import {
  type Campaign,
  type CreateCustomizedCampaignBody,
  campaignTitle,
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  type SaveCampaignBody,
  type SavedCampaign,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-user.ts';
import { loadCampaignView, loadCampaignViews } from '../campaigns/campaigns.service.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import {
  type EntryValues,
  findCampaignHead,
  findCampaignProductIds,
  findProductFacts,
  findSavedCampaignIds,
  insertCustomizedCampaign,
  isSavedCampaignOf,
  type ProductFacts,
  saveCustomizedCampaign,
} from './customized-campaigns.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** A blank name (nothing visible in it) falls back to "Untitled Campaign" (docs/product-spec.md section 3). */
const campaignName = (name: string | undefined) => campaignTitle(name);

interface DatedEntry {
  product_id: number;
  from_date?: string | null;
  to_date?: string | null;
}

/**
 * The sites by id; any id the catalogue does not know is a 400 naming them all, and so is a site that is
 * not live (paused by its owner or not approved), by name.
 */
async function productsOf(db: Db, ids: number[]): Promise<Map<number, ProductFacts>> {
  const facts = new Map((await findProductFacts(db, ids)).map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !facts.has(id));
  if (unknown.length) {
    throw badRequest(`Unknown product ids: ${unknown.join(', ')}.`, {
      products: `Unknown product ids: ${unknown.join(', ')}`,
    });
  }
  const unlisted = ids.map((id) => facts.get(id)!).filter((p) => !p.live);
  if (unlisted.length) {
    const names = unlisted.map((p) => p.name).join(', ');
    throw badRequest(`Not available right now: ${names}. Please remove them from the campaign.`, {
      products: `Not available right now: ${names}`,
    });
  }
  return facts;
}

/**
 * Checks every dated site against the booking rules (docs/product-rules.md section 3) with the site's own minimum days.
 * `requireDates` makes a missing date an error too. All problems are reported at once, by site name.
 */
function checkDates(
  deps: Deps,
  entries: DatedEntry[],
  facts: Map<number, ProductFacts>,
  requireDates: boolean,
): void {
  const fields: Record<string, string> = {};
  const named: string[] = [];
  entries.forEach((e, index) => {
    const product = facts.get(e.product_id);
    if (!product) return;
    let message: string | null = null;
    if (!e.from_date || !e.to_date) {
      if (requireDates || e.from_date || e.to_date) message = 'Select both a start and an end date.';
    } else {
      const problem = checkBookingRange(e.from_date, e.to_date, product.minDays, deps.clock.now());
      if (problem) message = DATE_RANGE_MESSAGES[problem];
    }
    if (message) {
      fields[`products.${index}`] = `${product.name}: ${message}`;
      named.push(product.name);
    }
  });
  if (named.length) throw badRequest(`Check the dates of: ${named.join(', ')}.`, fields);
}

/** One entry per site; the same site twice collapses into one (the later dates win). */
function collapse<T extends DatedEntry>(entries: T[]): T[] {
  const byId = new Map<number, T>();
  for (const e of entries) {
    const previous = byId.get(e.product_id);
    byId.set(e.product_id, {
      ...e,
      from_date: e.from_date ?? previous?.from_date ?? null,
      to_date: e.to_date ?? previous?.to_date ?? null,
    });
  }
  return [...byId.values()].sort((a, b) => a.product_id - b.product_id);
}

const toValues = (entries: DatedEntry[]): EntryValues[] =>
  entries.map((e) => ({ productId: e.product_id, fromDate: e.from_date ?? null, toDate: e.to_date ?? null }));

async function viewOf(deps: Deps, caller: AuthUser, id: number): Promise<Campaign> {
  const view = await loadCampaignView(deps.database.db, deps.clock, id, {
    type: 'customized',
    userId: caller.id,
  });
  if (!view) throw notFound('Campaign');
  return view;
}

/**
 * POST /create_customized_campaign/: a new customized campaign of the caller, not yet saved. With an
 * Idempotency-Key a repeat answers the campaign the first call created.
 */
export async function createCustomizedCampaign(
  deps: Deps,
  caller: AuthUser,
  body: CreateCustomizedCampaignBody,
  key?: string,
): Promise<Campaign> {
  const db = deps.database.db;
  const call = idempotentCall(caller.id, 'create_customized_campaign', key, body);
  const id = await onceForKey(db, call, async () => {
    const entries = collapse(body.products);
    const facts = await productsOf(
      db,
      entries.map((e) => e.product_id),
    );
    checkDates(deps, entries, facts, false);
    const now = deps.clock.now();
    return inTransaction(db, async (tx) => {
      await claimKey(tx, call, now);
      const created = await insertCustomizedCampaign(
        tx,
        { userId: caller.id, name: campaignName(body.name), saved: false, now },
        toValues(entries),
      );
      await recordResult(tx, call, created);
      return created;
    });
  });
  return viewOf(deps, caller, id);
}

/**
 * POST /save_campaign/: dates for every site of the campaign. The caller's own customized campaign is
 * updated and marked saved; a standard campaign becomes the caller's saved copy. Anything else is 404.
 */
export async function saveCampaign(
  deps: Deps,
  caller: AuthUser,
  body: SaveCampaignBody,
  key?: string,
): Promise<Campaign> {
  const entries = collapse(body.products);
  const call = idempotentCall(caller.id, 'save_campaign', key, body);
  const savedId = await onceForKey(deps.database.db, call, () =>
    inTransaction(deps.database.db, async (tx) => {
      await claimKey(tx, call, deps.clock.now());
      const id = await saveInTransaction(deps, tx, caller, body, entries);
      await recordResult(tx, call, id);
      return id;
    }),
  );
  return viewOf(deps, caller, savedId);
}

/** The checks and writes of a save, inside its transaction; answers the saved campaign's id. */
async function saveInTransaction(
  deps: Deps,
  tx: Db,
  caller: AuthUser,
  body: SaveCampaignBody,
  entries: SaveCampaignBody['products'],
): Promise<number> {
  const head = await findCampaignHead(tx, body.campaign_id, true);
  const visible = head && (head.type === 'standard' || head.userId === caller.id);
  if (!head || !visible) throw notFound('Campaign');

  // The sites must be exactly the campaign's live ones (the only ones its view shows): a missing one would
  // be saved without dates. A paused site stays in the campaign, undated, and shows again when resumed.
  const allOwn = await findCampaignProductIds(tx, head.id);
  const liveFacts = new Map((await findProductFacts(tx, allOwn)).filter((p) => p.live).map((p) => [p.id, p]));
  const own = new Set(allOwn.filter((id) => liveFacts.has(id)));
  const unlisted = entries.filter((e) => !own.has(e.product_id) && allOwn.includes(e.product_id));
  if (unlisted.length) {
    const ids = unlisted.map((e) => e.product_id).join(', ');
    throw badRequest(`Not available right now: sites ${ids}. Please remove them from the campaign.`, {
      products: `Not available right now: ${ids}`,
    });
  }
  const foreign = entries.filter((e) => !own.has(e.product_id)).map((e) => e.product_id);
  if (foreign.length) {
    throw badRequest(`These products are not in the campaign: ${foreign.join(', ')}.`, {
      products: `Not in the campaign: ${foreign.join(', ')}`,
    });
  }
  const listed = new Set(entries.map((e) => e.product_id));
  const missing = [...own].filter((id) => !listed.has(id));
  const facts = liveFacts;
  if (missing.length) {
    const names = missing.map((id) => facts.get(id)?.name ?? String(id));
    throw badRequest(`Select the dates of every product. Missing: ${names.join(', ')}.`, {
      products: `Missing: ${names.join(', ')}`,
    });
  }
  checkDates(deps, entries, facts, true);

  const now = deps.clock.now();
  if (head.type === 'standard') {
    return insertCustomizedCampaign(
      tx,
      { userId: caller.id, name: head.name, saved: true, now },
      toValues(entries),
    );
  }
  await saveCustomizedCampaign(
    tx,
    head.id,
    { name: body.name === undefined ? undefined : campaignName(body.name), now },
    toValues(entries),
  );
  return head.id;
}

/** GET /customized_campaign/{id}/: only its owner sees it; for anyone else it does not exist. */
export function getCustomizedCampaign(deps: Deps, caller: AuthUser, id: number): Promise<Campaign> {
  return viewOf(deps, caller, id);
}

/**
 * The caller's own saved campaign, the plan an agency's planner asks a client to approve (decision 092):
 * saved means every live site of it has its dates. Anyone else's, a standard one or an unsaved draft is 404.
 */
export async function savedCampaignOf(deps: Deps, caller: AuthUser, id: number): Promise<Campaign> {
  await requireSavedCampaign(deps, caller, id);
  return viewOf(deps, caller, id);
}

/** 404 unless `id` is the caller's own saved customized campaign (whatever else a workflow then does). */
export async function requireSavedCampaign(
  deps: Pick<Deps, 'database'>,
  caller: Pick<AuthUser, 'id'>,
  id: number,
): Promise<void> {
  if (!(await isSavedCampaignOf(deps.database.db, id, caller.id))) throw notFound('Campaign');
}

/** GET /saved_campaigns/: the caller's saved campaigns with total price and the span of their dates. */
export async function listSavedCampaigns(deps: Deps, caller: AuthUser): Promise<SavedCampaign[]> {
  const ids = await findSavedCampaignIds(deps.database.db, caller.id);
  const views = await loadCampaignViews(deps.database.db, deps.clock, ids, {
    type: 'customized',
    userId: caller.id,
  });
  return views.map((campaign) => {
    // YYYY-MM-DD sorts as text in date order.
    const starts = campaign.products
      .map((p) => p.from_date)
      .filter((d): d is string => Boolean(d))
      .sort();
    const ends = campaign.products
      .map((p) => p.to_date)
      .filter((d): d is string => Boolean(d))
      .sort();
    return {
      id: campaign.id,
      campaign_details: campaign,
      price: campaign.price,
      from_date: starts[0] ?? null,
      to_date: ends.at(-1) ?? null,
    };
  });
}
