import type { MediaOwnerResponse, MediaOwnerStatus, OpsRejectBody } from '@ooh/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MediaOwnerPage, opsKeys, opsPost, opsQuery } from '../../../lib/ops-api';

/**
 * GET /api/ops/media-owners?status=&q=: oldest first, one page, optionally only those whose company, GSTIN
 * or PAN holds `search`; the screen's loader asks the same on the server.
 */
export const mediaOwnersQuery = (
  status: MediaOwnerStatus | 'all',
  page: number,
  pageSize: number,
  search = '',
) =>
  opsQuery<MediaOwnerPage>(opsKeys.mediaOwners(status, page, pageSize, search), '/media-owners', {
    status: status === 'all' ? undefined : status,
    q: search || undefined,
    page,
    page_size: pageSize,
  });

export function useMediaOwners(
  status: MediaOwnerStatus | 'all',
  page: number,
  pageSize: number,
  search = '',
) {
  return useQuery({
    ...mediaOwnersQuery(status, page, pageSize, search),
    placeholderData: keepPreviousData,
  });
}

/** POST approve or reject; every list of the room is asked again afterwards (queues, audit). */
export function useDecideMediaOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      // Approving a possible duplicate carries a reason (audited); a plain approval has no body.
      v:
        | { id: number; decision: 'approve'; body?: OpsRejectBody }
        | { id: number; decision: 'reject'; body: OpsRejectBody },
    ) => opsPost<MediaOwnerResponse>(`/media-owners/${v.id}/${v.decision}`, v.body),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}

/** POST suspend or reinstate, with the operator's reason (decision 046). */
export function useSuspendMediaOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'suspend' | 'reinstate'; body: OpsRejectBody }) =>
      opsPost<MediaOwnerResponse>(`/media-owners/${v.id}/${v.action}`, v.body),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}
