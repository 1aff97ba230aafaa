import type { AgencyClientWithSpend } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { type AgencyActor, agencyClients } from '../modules/agencies/agencies.service.ts';
import { clientsMonthSpend } from '../modules/bookings/client-spend.service.ts';

/*
 * GET /api/agency/clients (decision 092): the agency's clients (agencies) with each one's spend this IST
 * month (bookings, which counts it for the monthly limit at booking), so the list and the limit agree.
 */
export async function clientsWithSpend(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  user: AgencyActor,
): Promise<AgencyClientWithSpend[]> {
  const db = deps.database.db;
  const clients = await agencyClients(db, user);
  const spend = await clientsMonthSpend(
    db,
    clients.map((c) => c.id),
    deps.clock.now(),
  );
  return clients.map((c) => ({ ...c, spent_this_month_paise: spend.get(c.id) ?? 0 }));
}
