import {
  type DefaultError,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * useQuery whose answer renders in the background. TanStack Query hands React new data through
 * useSyncExternalStore, which renders at once and in one piece: a page of cards arriving was one long task
 * (on a mid-range phone 0.3-0.6 s in which taps go unanswered). Through useDeferredValue the component
 * first renders again with what it showed (the skeleton, or the previous page), then React renders the
 * new data in an interruptible pass that yields to input every few milliseconds.
 */
export function useBackgroundQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const query = useQuery(options);
  return withShownData(query, useDeferredValue(query.data));
}

/** useInfiniteQuery whose pages render in the background, as useBackgroundQuery's answer does. */
export function useBackgroundInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(
  options: UseInfiniteQueryOptions<
    TQueryFnData,
    TError,
    InfiniteData<TQueryFnData, TPageParam>,
    TQueryKey,
    TPageParam
  >,
): UseInfiniteQueryResult<InfiniteData<TQueryFnData, TPageParam>, TError> {
  const query = useInfiniteQuery(options);
  return withShownData(query, useDeferredValue(query.data));
}

/** The query's result with the data on screen (`shown`), which trails the newest by one render pass. */
function withShownData<TResult extends { data: unknown }>(query: TResult, shown: TResult['data']): TResult {
  if (shown === query.data) return query;
  if (shown !== undefined) return { ...query, data: shown };
  // The first answer is in, not yet on screen: the component keeps its loading state for that pass.
  return {
    ...query,
    data: undefined,
    status: 'pending',
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    error: null,
  };
}
