import type { PartnerCalendar } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export interface CalendarParams {
  month: string;
  siteId: number | null;
  page?: number;
}

/** GET /api/partner/calendar: one month of bookings, holds and blocks (one site, or a page of sites). */
export function getPartnerCalendar(p: CalendarParams, signal?: AbortSignal): Promise<PartnerCalendar> {
  return apiRequest<{ data: PartnerCalendar }>('/partner/calendar', {
    query: { month: p.month, site_id: p.siteId ?? undefined, page: p.page ?? 1, page_size: 100 },
    signal,
  }).then((r) => r.data);
}

export const calendarKey = (p: CalendarParams) =>
  ['partner', 'calendar', p.month, p.siteId, p.page ?? 1] as const;

export function usePartnerCalendar(p: CalendarParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: calendarKey(p),
    queryFn: ({ signal }) => getPartnerCalendar(p, signal),
    // The month changes in place: keep showing the last one until the next arrives.
    placeholderData: keepPreviousData,
  });
}
