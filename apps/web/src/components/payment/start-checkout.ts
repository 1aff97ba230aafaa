import type { CheckoutRequest, CheckoutResponse } from '@ooh/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * POST /booking/checkout: the provider order to pay (amount in paise), or a cash order. Asking again for
 * the same order answers the same provider order, so a retry after a failed payment reuses it.
 */
export function startCheckout(body: CheckoutRequest): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('/booking/checkout', { method: 'POST', body });
}
