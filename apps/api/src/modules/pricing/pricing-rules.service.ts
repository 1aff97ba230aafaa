import { type PricingRule, type PricingRuleBody, toPaise, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import {
  countRulesOfOwner,
  deleteRule,
  findOwnSiteIds,
  findRulesOfOwners,
  insertRule,
  lockOwnerRules,
  type PricingRuleRow,
} from './pricing.repository.ts';

/** An owner may keep this many rules; more is a mistake or an attack, not a price list. */
export const MAX_RULES_PER_OWNER = 200;

export function toPricingRule(row: PricingRuleRow): PricingRule {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    percent: row.percentBp / 100,
    from_date: row.fromDate,
    to_date: row.toDate,
    min_sites: row.minSites,
    min_value: row.minValuePaise == null ? null : toRupees(row.minValuePaise),
    product_ids: row.productIds ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listRules(db: Db, ownerId: number): Promise<PricingRule[]> {
  return (await findRulesOfOwners(db, [ownerId])).map(toPricingRule);
}

/**
 * Adds a rule for the owner's sites. It applies to orders placed from now on: an order keeps the prices
 * it was placed with (order_items.price_lines), whatever happens to the rule later.
 */
export async function createRule(
  db: Db,
  ownerId: number,
  userId: number,
  body: PricingRuleBody,
): Promise<PricingRule> {
  const percentBp = Math.round(body.percent * 100);
  const productIds = body.kind === 'seasonal' ? (body.product_ids ?? null) : null;
  if (productIds) {
    // Any of the owner's own sites, live or not (a season set before a site goes live still counts);
    // another owner's site is refused like an unknown one, never saying whose it is.
    const own = new Set(await findOwnSiteIds(db, ownerId, productIds));
    const foreign = productIds.filter((id) => !own.has(id));
    if (foreign.length) {
      const message = `Not one of your sites: ${foreign.join(', ')}`;
      throw new HttpError(400, 'invalid_request', message, { product_ids: message });
    }
  }
  // The count and the insert under one owner lock in one transaction: two creates at 199 rules would
  // otherwise both count 199 and both insert (decision 083).
  const row = await inTransaction(db, async (tx) => {
    await lockOwnerRules(tx, ownerId);
    if ((await countRulesOfOwner(tx, ownerId)) >= MAX_RULES_PER_OWNER) {
      throw new HttpError(
        409,
        'too_many_rules',
        `An owner keeps at most ${MAX_RULES_PER_OWNER} pricing rules; delete old ones first.`,
      );
    }
    return insertRule(
      tx,
      body.kind === 'seasonal'
        ? {
            mediaOwnerId: ownerId,
            kind: 'seasonal',
            name: body.name,
            percentBp,
            fromDate: body.from_date,
            toDate: body.to_date,
            productIds,
            createdByUserId: userId,
          }
        : {
            mediaOwnerId: ownerId,
            kind: 'volume',
            name: body.name,
            percentBp,
            minSites: body.min_sites ?? null,
            minValuePaise: body.min_value == null ? null : toPaise(body.min_value),
            createdByUserId: userId,
          },
    );
  });
  return toPricingRule(row);
}

/** Another owner's rule is not found (404), like an unknown one. */
export async function removeRule(db: Db, ownerId: number, id: number): Promise<void> {
  if (!(await deleteRule(db, ownerId, id))) throw notFound('Pricing rule');
}
