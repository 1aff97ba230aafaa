import type { MediaOwner, MediaOwnerResponse, PartnerApplicationBody } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { rolesQueryKey } from '../../lib/use-roles';

export const partnerMeQueryKey = (phoneNumber: string | undefined) =>
  ['partner', 'me', phoneNumber ?? ''] as const;

/** GET /api/partner/me: the owner the user belongs to, with its status and the reason of a rejection. */
export function usePartnerMeQuery(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: partnerMeQueryKey(phoneNumber),
    queryFn: async () => (await apiRequest<MediaOwnerResponse>('/partner/me')).data,
    enabled: enabled && Boolean(phoneNumber),
  });
}

/** POST /api/partner/apply; on success the roles (and so the room's gate) show the pending application. */
export function useApplyMutation(phoneNumber: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerApplicationBody) =>
      apiRequest<MediaOwnerResponse>('/partner/apply', { method: 'POST', body }),
    onSuccess: ({ data }: { data: MediaOwner }) => {
      queryClient.setQueryData(partnerMeQueryKey(phoneNumber), data);
      void queryClient.invalidateQueries({ queryKey: rolesQueryKey(phoneNumber) });
    },
  });
}
