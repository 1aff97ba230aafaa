import type { PersonalData } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { listSessions } from '../modules/auth/sessions.service.ts';
import { listSavedCampaigns } from '../modules/customized-campaigns/customized-campaigns.service.ts';
import { listHolds } from '../modules/holds/holds.service.ts';
import { invoiceNumberOf } from '../modules/invoices/invoices.service.ts';
import { bookedCampaigns } from '../modules/orders/orders.service.ts';
import { myPlanShares } from '../modules/plans/plans.service.ts';
import { consentHistory } from '../modules/users/consents.service.ts';
import { getCurrentUser } from '../modules/users/users.service.ts';
import type { AuthUser } from '../plugins/auth-user.ts';

/*
 * GET /api/me/data (DESIGN 18, DPDP Act 2023 s.11 right of access): one person's data as each owning
 * module answers it for that person, never a query across their tables. Every step reads by the caller's
 * id only, so nobody else's rows can appear.
 */
export async function personalData(deps: AppDeps, caller: AuthUser): Promise<PersonalData> {
  // 1. The profile (number, email, billing details) and the live sessions.
  const profile = await getCurrentUser(deps, caller);
  const sessions = await listSessions(deps, caller, caller.sessionId);
  // 2. Orders with their lines and amounts, and each paid order's invoice number.
  const booked = (await bookedCampaigns(deps, caller.id)).data;
  const orders = [...booked.upcoming_campaigns, ...booked.ongoing_campaigns, ...booked.completed_campaigns];
  const orderIds = [...new Set(orders.map((o) => o.order_id))].sort((a, b) => a - b);
  const invoices: PersonalData['invoices'] = [];
  for (const orderId of orderIds) {
    const number = await invoiceNumberOf(deps.database.db, orderId);
    if (number) invoices.push({ order_id: orderId, number });
  }
  // 3. Plans, shared plan links and holds.
  const plans = await listSavedCampaigns(deps, caller);
  const planShares = (await myPlanShares(deps, caller.id)).data;
  const holds = (await listHolds(deps, caller.id)).results;
  // 4. The consents given and withdrawn.
  const consents = await consentHistory(deps.database.db, caller.id);
  return {
    exported_at: deps.clock.now().toISOString(),
    profile,
    sessions,
    orders,
    invoices,
    plans,
    plan_shares: planShares,
    holds,
    consents,
  };
}
