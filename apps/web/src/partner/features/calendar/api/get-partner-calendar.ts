import type { PartnerCalendar } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../../lib/api-query';

export interface CalendarParams {
  month: string;
  siteId: number | null;
  page?: number;
}

export const calendarKey = (p: CalendarParams) =>
  ['partner', 'calendar', p.month, p.siteId, p.page ?? 1] as const;

/**
 * GET /api/partner/calendar: one month of bookings, holds and blocks (one site, or a page of sites). The
 * calendar screen's loader asks the same on the server (lib/loader-queries.ts).
 */
export const partnerCalendarQuery = (p: CalendarParams) =>
  apiQueryOptions<{ data: PartnerCalendar }, PartnerCalendar>(calendarKey(p), {
    path: '/partner/calendar',
    query: { month: p.month, site_id: p.siteId ?? undefined, page: p.page ?? 1, page_size: 100 },
    pick: (body) => body.data,
  });

export function usePartnerCalendar(p: CalendarParams, enabled = true) {
  return useQuery({
    ...partnerCalendarQuery(p),
    enabled,
    // The month changes in place: keep showing the last one until the next arrives.
    placeholderData: keepPreviousData,
  });
}
