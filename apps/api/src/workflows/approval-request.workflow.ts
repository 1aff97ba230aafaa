import { type ApprovalCreateBody, type ApprovalCreated, SUPPLY_GST_BP } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import type { StoredApprovalLine } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { approvalPlanner, recordApprovalRequest } from '../modules/agencies/approvals.service.ts';
import { priceQuoteLines } from '../modules/bookings/bookings.service.ts';
import { savedCampaignOf } from '../modules/customized-campaigns/customized-campaigns.service.ts';
import type { AuthUser } from '../plugins/auth-user.ts';

/*
 * An approval link asked for (DESIGN section 19, decision 092): the plan of a planner's saved campaign for
 * one of the agency's clients, priced as a booking of it would be. Steps:
 * 1. agencies: the user is an admin or planner (an approver 403, no agency 404) and the client is the
 *    agency's (404 otherwise);
 * 2. customized-campaigns: the campaign is the user's own saved one (404 otherwise): the plan a planner
 *    books from (its lines carry its id into the cart and /booking/book);
 * 3. bookings: its lines priced by the rules /booking/book prices with (rate card, seasons, the owner's
 *    volume discount over these lines together; a line breaking the date rules is 400);
 * 4. agencies: the link written with the plan's snapshot and hash (older waiting links of the campaign for
 *    the client revoked), audited; its token answered once.
 * Nothing is written before step 4, so it needs no transaction of its own.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'payments'>;

const gstOf = (paise: number) => Math.round((paise * SUPPLY_GST_BP) / 10_000);

export async function requestApproval(
  deps: Deps,
  user: AuthUser,
  campaignId: number,
  body: ApprovalCreateBody,
): Promise<ApprovalCreated> {
  const db = deps.database.db;
  const { agency, client } = await approvalPlanner(db, user, body.client_id);
  const campaign = await savedCampaignOf(deps, user, campaignId);
  const dated = campaign.products.filter((p) => p.from_date && p.to_date);
  if (dated.length === 0 || dated.length !== campaign.products.length) {
    throw badRequest('Give every site of the campaign its dates before asking for approval.');
  }
  const priced = await priceQuoteLines(
    deps,
    dated.map((p) => ({
      product_id: p.product.id,
      from_date: p.from_date!,
      to_date: p.to_date!,
      campaign_id: campaign.id,
      customized: true,
    })),
  );
  const facts = new Map(campaign.products.map((p) => [p.product.id, p.product]));
  const lines: StoredApprovalLine[] = priced.map((item) => ({
    productId: item.productId,
    siteName: item.productName,
    city: facts.get(item.productId)?.city ?? '',
    format: facts.get(item.productId)?.category ?? '',
    fromDate: item.fromDate,
    toDate: item.toDate,
    days: item.days,
    pricePaise: item.pricePaise,
    gstPaise: gstOf(item.pricePaise),
  }));
  return recordApprovalRequest(
    { db, clock: deps.clock },
    {
      user,
      agency,
      client,
      subject: { campaignId: campaign.id, name: campaign.name },
      lines,
      notify: body.approver_email
        ? { email: body.approver_email, publicUrl: deps.config.publicUrl }
        : undefined,
    },
  );
}
