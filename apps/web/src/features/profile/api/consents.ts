import type { ConsentsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query';

export const consentsKey = ['me', 'consents'] as const;

/** GET /api/me/consents: for the profile's loader (dehydrated) and the "Your data" section alike. */
export const consentsQuery = () => apiQueryOptions<ConsentsResponse>(consentsKey, { path: '/me/consents' });

export function useConsentsQuery(enabled: boolean) {
  return useQuery({ ...consentsQuery(), enabled });
}
