import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiRequest, type Query, toQueryString } from './api-client';

/** A GET of the API as a query: where it asks, and what of the answer's body the cache keeps. */
export interface ApiRead<TBody, TData> {
  /** Without `/api`, as apiRequest takes it. */
  path: string;
  query?: Query;
  pick?: (body: TBody) => TData;
  redirectOn401?: boolean;
}

/**
 * A query's key and fetch in one place, so the browser's hook and a route's loader on the server
 * (lib/loader-queries.ts) ask the same address and keep the same data under the same key. The read
 * travels in `meta`, where the loader finds it.
 */
export function apiQueryOptions<TBody, TData = TBody>(queryKey: QueryKey, read: ApiRead<TBody, TData>) {
  const pick = read.pick ?? ((body: TBody) => body as unknown as TData);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) =>
      pick(
        await apiRequest<TBody>(read.path, { query: read.query, signal, redirectOn401: read.redirectOn401 }),
      ),
    meta: { read: { url: `/api${read.path}${toQueryString(read.query)}`, pick } },
  });
}

/** What a loader reads from a query made by apiQueryOptions. */
export interface ServerRead {
  url: string;
  pick: (body: unknown) => unknown;
}

export const serverRead = (options: { meta?: Record<string, unknown> }): ServerRead | undefined =>
  options.meta?.read as ServerRead | undefined;
