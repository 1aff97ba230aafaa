import type { ContactBody, ContactResponse } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /contact/: the home page's contact form. */
export function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  return apiRequest<ContactResponse>('/contact/', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
