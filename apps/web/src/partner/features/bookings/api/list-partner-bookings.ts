import {
  type CalendarSite,
  type PartnerBookingPage,
  type PartnerBookingStatus,
  type PartnerCalendar,
  thisMonthIst,
} from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../../lib/api-client';
import { apiQueryOptions } from '../../../../lib/api-query';

export interface BookingFilters {
  siteId: number | null;
  from: string | null;
  to: string | null;
  status: PartnerBookingStatus | null;
}

export const filterQuery = (f: BookingFilters): Query => ({
  site_id: f.siteId ?? undefined,
  from: f.from ?? undefined,
  to: f.to ?? undefined,
  status: f.status ?? undefined,
});

/**
 * GET /api/partner/bookings: paid lines on the owner's sites, filtered and paged. The bookings screen's
 * loader asks the same on the server (lib/loader-queries.ts), as for the site choices below.
 */
export const partnerBookingsQuery = (f: BookingFilters, page: number, pageSize: number) =>
  apiQueryOptions<PartnerBookingPage>(['partner', 'bookings', f, page, pageSize], {
    path: '/partner/bookings',
    query: { ...filterQuery(f), page, page_size: pageSize },
  });

export function usePartnerBookings(f: BookingFilters, page: number, pageSize: number) {
  return useQuery({ ...partnerBookingsQuery(f, page, pageSize), placeholderData: keepPreviousData });
}

/**
 * The owner's sites for the filter: the calendar's site list (first 100, in id order). Any month lists the
 * same sites; India's (thisMonthIst) is the one the server and the browser both name.
 */
export const ownerSitesQuery = () =>
  apiQueryOptions<{ data: PartnerCalendar }, CalendarSite[]>(['partner', 'sites-for-filter'], {
    path: '/partner/calendar',
    query: { month: thisMonthIst(), page_size: 100 },
    pick: (body) => body.data.sites,
  });

export function useOwnerSites() {
  return useQuery({ ...ownerSitesQuery(), staleTime: 60_000 });
}
