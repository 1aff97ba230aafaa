import {
  type DefaultError,
  type InfiniteData,
  InfiniteQueryObserver,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useDeferredValue, useEffect, useReducer, useState } from 'react';

/**
 * useQuery whose news renders in the background. TanStack's hooks hand React each change through
 * useSyncExternalStore, and React renders a store's change at once and in one piece, whatever the page: a
 * page of cards arriving, a request starting after hydration, or a query made again while hydrating was a
 * synchronous render of the whole page (on a slowed phone 0.1-0.3 s in which taps go unanswered). Here the
 * observer's news is a transition: React renders it in slices and yields to input every few milliseconds.
 * What a render shows is the observer's latest result, as useQuery's is (its optimistic result: a new key
 * shows its loading state in the render that changed the key), except new data in an urgent render (the
 * page rendered again for something else): that render keeps the data on screen, and React renders the new
 * data in the background right after (useDeferredValue).
 */
export function useBackgroundQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useObserved(options as unknown as UseQueryOptions, QueryObserver) as UseQueryResult<TData, TError>;
}

/** useInfiniteQuery whose news renders in the background, as useBackgroundQuery's does. */
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
  return useObserved(
    options as unknown as UseQueryOptions,
    InfiniteQueryObserver as unknown as typeof QueryObserver,
  ) as unknown as UseInfiniteQueryResult<InfiniteData<TQueryFnData, TPageParam>, TError>;
}

const sameResult = (a: object, b: object) => {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
};

/**
 * TanStack's useBaseQuery without suspense and error boundaries (this app uses neither), its store swapped
 * for a transition. The result is tracked as TanStack's is: the observer reports only changes to what the
 * component read.
 */
function useObserved(options: UseQueryOptions, Observer: typeof QueryObserver) {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new Observer(client, defaulted));
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);
  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once; `result` is the mount's, to compare
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(renderAgain)));
    // News between the render and the subscription (a request the mount started) is reported now, and what
    // changed unreported (no one listened yet) is caught as useSyncExternalStore would catch it.
    observer.updateResult();
    if (!sameResult(observer.getCurrentResult(), result)) startTransition(renderAgain);
    return unsubscribe;
  }, [observer]);
  const tracked = observer.trackResult(result);
  return withShownData(tracked, useDeferredValue(result.data));
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
