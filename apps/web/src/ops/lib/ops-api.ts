import type { MediaOwnerStatus, OpsMediaOwner, OpsRejectBody } from '@ooh/shared';
import { ApiError, apiRequest, type Query } from '../../lib/api-client';

/**
 * Calls of the back office. A 401 is left to the room's layout (it signs the operator in again and comes
 * back), so these never redirect by themselves.
 */
export function opsGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(`/ops${path}`, { query, signal, redirectOn401: false });
}

export function opsPost<T>(path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(`/ops${path}`, { method: 'POST', body, redirectOn401: false });
}

export const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

/** Query keys of the room: everything under 'ops', so a decision refreshes every list at once. */
export const opsKeys = {
  all: ['ops'] as const,
  mediaOwners: (status: MediaOwnerStatus | 'all', page: number, pageSize: number) =>
    ['ops', 'media-owners', status, page, pageSize] as const,
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
