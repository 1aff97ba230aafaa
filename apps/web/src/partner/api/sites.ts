import type {
  PartnerSite,
  PartnerSitePage,
  SiteBulkBody,
  SiteFields,
  SiteStatus,
  SiteUpdateBody,
} from '@ooh/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { apiQueryOptions } from '../../lib/api-query';

/** The owner's sites (GET/POST /api/partner/sites, GET/PATCH /api/partner/sites/{id}; docs/product-rules.md section 8). */
export interface SitesListQuery {
  page: number;
  page_size: number;
  status?: SiteStatus;
  search?: string;
}

export const sitesKey = ['partner', 'sites'] as const;
export const siteKey = (id: number) => ['partner', 'sites', 'one', id] as const;

/** A page of the owner's sites; a screen's loader asks the same on the server (lib/loader-queries.ts). */
export const sitesListQuery = (query: SitesListQuery) =>
  apiQueryOptions<PartnerSitePage>([...sitesKey, 'list', query], {
    path: '/partner/sites',
    query: { ...query },
  });

export function useSitesQuery(query: SitesListQuery) {
  return useQuery({ ...sitesListQuery(query), placeholderData: keepPreviousData });
}

/** One of the owner's sites; the edit screen's loader asks the same on the server. */
export const siteQuery = (id: number) =>
  apiQueryOptions<{ data: PartnerSite }, PartnerSite>(siteKey(id), {
    path: `/partner/sites/${id}`,
    pick: (body) => body.data,
  });

export function useSiteQuery(id: number | null) {
  return useQuery({ ...siteQuery(id ?? 0), enabled: id !== null });
}

/** After any change: the site's own cache gets the answer, every list is asked again. */
function useSiteSaved() {
  const queryClient = useQueryClient();
  return (site?: PartnerSite) => {
    if (site) queryClient.setQueryData(siteKey(site.id), site);
    void queryClient.invalidateQueries({ queryKey: [...sitesKey, 'list'] });
  };
}

export function useCreateSiteMutation() {
  const saved = useSiteSaved();
  return useMutation({
    mutationFn: async (body: SiteFields) =>
      (await apiRequest<{ data: PartnerSite }>('/partner/sites', { method: 'POST', body })).data,
    onSuccess: saved,
  });
}

export function useUpdateSiteMutation(id: number) {
  const saved = useSiteSaved();
  return useMutation({
    mutationFn: async (body: SiteUpdateBody) =>
      (await apiRequest<{ data: PartnerSite }>(`/partner/sites/${id}`, { method: 'PATCH', body })).data,
    onSuccess: saved,
  });
}

export type SiteAction = 'submit' | 'pause' | 'resume';

export function useSiteStatusMutation(id: number) {
  const saved = useSiteSaved();
  return useMutation({
    mutationFn: async (action: SiteAction) =>
      (
        await apiRequest<{ data: PartnerSite }>(`/partner/sites/${id}/status`, {
          method: 'POST',
          body: { action },
        })
      ).data,
    onSuccess: saved,
  });
}

/** Photo calls answer the site or the photo; either way the site is asked again for the fresh list. */
export function usePhotoMutations(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: siteKey(id) });
  const remove = useMutation({
    mutationFn: (photoId: number) =>
      apiRequest<unknown>(`/partner/sites/${id}/photos/${photoId}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  const cover = useMutation({
    mutationFn: (photoId: number) =>
      apiRequest<unknown>(`/partner/sites/${id}/photos/${photoId}/cover`, { method: 'POST' }),
    onSettled: refresh,
  });
  return { remove, cover, refresh };
}

/** POST /api/partner/sites/bulk (decision 046): one action on the selected sites, all or nothing. */
export function useBulkSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteBulkBody) =>
      apiRequest<{ data: { action: string; updated: number; site_ids: number[] } }>('/partner/sites/bulk', {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sitesKey }),
  });
}
