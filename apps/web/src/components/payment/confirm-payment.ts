import type { ConfirmRequest } from '@ooh/shared';
import { apiRequest } from '../../lib/api-client';

/** POST /booking/confirm: the payment window's signed result; `data` is 'Payment Success' on success. */
export function confirmPayment(body: ConfirmRequest): Promise<{ data: string }> {
  return apiRequest<{ data: string }>('/booking/confirm', { method: 'POST', body });
}
