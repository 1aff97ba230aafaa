import type { MediaOwnerStatus, OpsMediaOwner, OpsRejectBody } from '@ooh/shared';
import type { QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest, type Query } from '../../lib/api-client';
import { apiQueryOptions } from '../../lib/api-query';

/**
 * Calls of the back office. A 401 is left to the room's layout (it signs the operator in again and comes
 * back), so these never redirect by themselves.
 */
export function opsGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(`/ops${path}`, { query, signal, redirectOn401: false });
}

/**
 * A GET of the back office as a query (lib/api-query.ts): the screen's hook and its loader on the server
 * (lib/loader-queries.ts) ask the same address under the same key. Like opsGet, a 401 never redirects.
 */
export const opsQuery = <TBody, TData = TBody>(
  queryKey: QueryKey,
  path: string,
  query?: Query,
  pick?: (body: TBody) => TData,
) => apiQueryOptions<TBody, TData>(queryKey, { path: `/ops${path}`, query, pick, redirectOn401: false });

export function opsPost<T>(path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(`/ops${path}`, { method: 'POST', body, redirectOn401: false });
}

export const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

/** Query keys of the room: everything under 'ops', so a decision refreshes every list at once. */
export const opsKeys = {
  all: ['ops'] as const,
  mediaOwners: (status: MediaOwnerStatus | 'all', page: number, pageSize: number, search = '') =>
    ['ops', 'media-owners', status, page, pageSize, search] as const,
  sites: (status: string, page: number, pageSize: number) =>
    ['ops', 'sites', status, page, pageSize] as const,
  site: (id: number) => ['ops', 'site', id] as const,
  orders: (query: Query) => ['ops', 'orders', query] as const,
  order: (id: number) => ['ops', 'order', id] as const,
  audit: (query: Query) => ['ops', 'audit', query] as const,
  overdue: ['ops', 'overdue'] as const,
};

export type RejectBody = OpsRejectBody;

/** The message of a failed call, as the API wrote it (409: already decided, 400: the reason). */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** A page of GET /api/ops/media-owners. */
export interface MediaOwnerPage {
  count: number;
  page: number;
  page_size: number;
  /** Each with the other owners sharing its GSTIN, PAN or bank account (decision 046). */
  results: OpsMediaOwner[];
}

/** The approved media owners for the owner filters of orders and payouts (the first 100 by age is plenty). */
export const ownerChoicesQuery = () => ({
  ...opsQuery<MediaOwnerPage>(['ops', 'media-owners', 'approved', 'choices'], '/media-owners', {
    status: 'approved',
    page_size: 100,
  }),
  staleTime: 60_000,
});
