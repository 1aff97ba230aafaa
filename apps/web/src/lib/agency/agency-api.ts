import type { Agency, AgencyClient, AgencyClientWithSpend, CampaignClient } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

/**
 * GET /api/agency: the signed-in user's agency and role; null for someone of no agency (404). Keyed by phone
 * number, so another account never sees a cached copy. A 401 is left to the page (checkout signs in again).
 */
export function useMyAgency(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['agency', phoneNumber ?? ''],
    queryFn: async (): Promise<Agency | null> => {
      try {
        return (await apiRequest<{ data: Agency }>('/agency', { redirectOn401: false })).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: enabled && Boolean(phoneNumber),
    staleTime: 60_000,
  });
}

/** GET /api/agency/clients (admins and planners): whom checkout may book for. */
export function useAgencyClients(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['agency', phoneNumber ?? '', 'clients'],
    queryFn: async (): Promise<AgencyClientWithSpend[]> =>
      (await apiRequest<{ data: AgencyClientWithSpend[] }>('/agency/clients', { redirectOn401: false })).data,
    enabled: enabled && Boolean(phoneNumber),
    staleTime: 60_000,
  });
}

/** The query key of the planner's campaigns made for a client (per user: no other account sees it). */
export const campaignClientsKey = (phoneNumber: string) => ['agency', phoneNumber, 'campaigns'] as const;

/**
 * GET /api/agency/campaigns (admins and planners): which of the caller's saved campaigns are for which client
 * (decision 092), by campaign id; empty for anyone who books for no agency.
 */
export function useCampaignClients(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: campaignClientsKey(phoneNumber ?? ''),
    queryFn: async (): Promise<ReadonlyMap<number, CampaignClient>> => {
      const { data } = await apiRequest<{ data: CampaignClient[] }>('/agency/campaigns', {
        redirectOn401: false,
      });
      return new Map(data.map((c) => [c.campaign_id, c]));
    },
    enabled: enabled && Boolean(phoneNumber),
    staleTime: 60_000,
  });
}

/** Whether this role books for the agency's clients (decision 092: admins and planners; never approvers). */
export const booksForClients = (agency: Agency | null | undefined): agency is Agency =>
  agency?.role === 'admin' || agency?.role === 'planner';

/**
 * Whom an order for `client` bills, as its invoice will (apps/api bookings/billing-profile.service.ts): the client
 * "through <agency>", or with bill_to agency the agency "for client <name>".
 */
export function billedTo(agency: Pick<Agency, 'company_name' | 'state'>, client: AgencyClient) {
  return client.bill_to === 'client'
    ? { text: `${client.name}, through ${agency.company_name}`, state: client.state }
    : { text: `${agency.company_name}, for client ${client.name}`, state: agency.state };
}
