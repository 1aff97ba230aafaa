import type { OpsRejectBody, OpsSite, OpsSitePage, SiteStatus } from '@ooh/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsGet, opsKeys, opsPost, opsQuery } from '../../../lib/ops-api';

export interface OpsSiteResponse {
  data: OpsSite;
}

/**
 * GET /api/ops/sites?status=: sites waiting for review (new sites, and live sites with pending changes); the
 * screen's loader asks the same on the server.
 */
export const opsSitesQuery = (status: SiteStatus, search: string, page: number, pageSize: number) =>
  opsQuery<OpsSitePage>([...opsKeys.sites(status, page, pageSize), search], '/sites', {
    status,
    search,
    page,
    page_size: pageSize,
  });

export function useOpsSites(status: SiteStatus, search: string, page: number, pageSize: number) {
  return useQuery({ ...opsSitesQuery(status, search, page, pageSize), placeholderData: keepPreviousData });
}

/** GET /api/ops/sites/{id}: the site in full, photos and pending changes included. */
export function useOpsSite(id: number | null) {
  return useQuery({
    queryKey: opsKeys.site(id ?? 0),
    queryFn: ({ signal }) => opsGet<OpsSiteResponse>(`/sites/${id}`, undefined, signal),
    enabled: id !== null,
  });
}

export function useDecideSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      v: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; body: OpsRejectBody },
    ) =>
      opsPost<OpsSiteResponse>(`/sites/${v.id}/${v.decision}`, v.decision === 'reject' ? v.body : undefined),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}

/** POST take-down or restore with the operator's reason (decision 046): the site leaves or rejoins the catalogue. */
export function useHoldSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'take-down' | 'restore'; body: OpsRejectBody }) =>
      opsPost<OpsSiteResponse>(`/sites/${v.id}/${v.action}`, v.body),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}

/** POST /api/ops/sites/{id}/audience: the verified mark on the site's audience figure (decision 080). */
export function useMarkAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; verified: boolean }) =>
      opsPost<OpsSiteResponse>(`/sites/${v.id}/audience`, { verified: v.verified }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}
