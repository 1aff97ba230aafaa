import { ApiError, apiRequest, toQueryString } from '../../../../lib/api-client';
import { type BookingFilters, filterQuery } from './list-partner-bookings';

/**
 * GET /api/partner/bookings.csv with the list's filters. The call needs the bearer token, so a plain link
 * cannot make it: the file is fetched, then handed to the browser as a download under the server's name.
 */
export async function downloadBookingsCsv(filters: BookingFilters): Promise<void> {
  const response = await fetch(`/api/partner/bookings.csv${toQueryString(filterQuery(filters))}`, {}).catch(
    () => {
      throw new ApiError(
        0,
        'network_error',
        'We could not reach the server. Check your connection and try again.',
      );
    },
  );
  if (!response.ok) {
    // Let the JSON path read the error shape (and handle a 401 as every call does).
    await apiRequest('/partner/bookings', { query: filterQuery(filters) });
    throw new ApiError(response.status, 'http_error', `The download failed (${response.status}).`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'bookings.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
