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
 * What a render shows is the observer's latest result (its optimistic result, as useQuery's), except in a
 * render something else made urgent: that one keeps the result on screen, and React renders the newer one
 * in the background right after (useDeferredValue), so news never rides along in a synchronous render.
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
  observer.getOptimisticResult(defaulted);
  // The observer keeps a result's object until its content changes: a stable value to defer and compare.
  const result = observer.getCurrentResult();
  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once; `result` is the mount's, to compare
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(renderAgain)));
    // News between the render and the subscription (a request the mount started) is reported now, and what
    // changed unreported (no one listened yet) is caught as useSyncExternalStore would catch it.
    observer.updateResult();
    if (observer.getCurrentResult() !== result) startTransition(renderAgain);
    return unsubscribe;
  }, [observer]);
  // A render something else made urgent shows the result on screen; React renders the news right after.
  return observer.trackResult(useDeferredValue(result));
}
