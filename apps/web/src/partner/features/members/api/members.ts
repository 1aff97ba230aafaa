import type { MemberInviteBody, PartnerMember } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { apiQueryOptions } from '../../../../lib/api-query';

const KEY = ['partner', 'members'] as const;

/**
 * GET /api/partner/members: the team and the invitations waiting (admins only). The members screen's loader
 * asks the same on the server (lib/loader-queries.ts).
 */
export const partnerMembersQuery = () =>
  apiQueryOptions<{ data: PartnerMember[] }>(KEY, { path: '/partner/members' });

export function usePartnerMembers(enabled: boolean) {
  return useQuery({ ...partnerMembersQuery(), enabled });
}

/** POST /api/partner/members: the same invitation again answers it, so a double click is harmless. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberInviteBody) =>
      apiRequest<{ data: PartnerMember }>('/partner/members', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /api/partner/members/{userId}. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<null>(`/partner/members/${userId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /api/partner/members/invitations/{invitationId}: an invitation not yet taken up is withdrawn. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiRequest<null>(`/partner/members/invitations/${invitationId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
