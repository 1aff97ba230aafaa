import type { BookingDateItem, BookingValidateResponse } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /booking/validate: status true when every line is a valid, free range; else the refused lines. */
export function validateBooking(items: BookingDateItem[]): Promise<BookingValidateResponse> {
  return apiRequest<BookingValidateResponse>('/booking/validate', { method: 'POST', body: items });
}

export function useValidateBooking() {
  return useMutation({ mutationFn: validateBooking });
}
