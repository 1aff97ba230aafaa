import type { CalendarSite, PartnerBookingPage, PartnerBookingStatus, PartnerCalendar } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type Query } from '../../../../lib/api-client';

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

/** GET /api/partner/bookings: paid lines on the owner's sites, filtered and paged. */
export function usePartnerBookings(f: BookingFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['partner', 'bookings', f, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest<PartnerBookingPage>('/partner/bookings', {
        query: { ...filterQuery(f), page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The owner's sites for the filter: the calendar's site list (first 100, in id order). */
export function useOwnerSites() {
  const month = new Date().toISOString().slice(0, 7);
  return useQuery({
    queryKey: ['partner', 'sites-for-filter'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PartnerCalendar }>('/partner/calendar', {
        query: { month, page_size: 100 },
        signal,
      }).then((r): CalendarSite[] => r.data.sites),
    staleTime: 60_000,
  });
}
