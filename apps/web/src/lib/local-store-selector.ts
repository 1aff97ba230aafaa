import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { LocalStore } from './local-store';

// A module of its own: only the pages that read part of a store load React's selector shim (0.7 KB), not
// every page that imports local-store.ts.
/**
 * One part of a store's value (`select`), kept as the same object while `isEqual` says it did not change: a
 * change elsewhere in the store (or an equal copy written in) renders nothing, where `useLocalStore` would
 * render every reader synchronously, React's rule for external stores.
 */
export function useLocalStoreSelector<T, S>(
  store: LocalStore<T>,
  select: (value: T) => S,
  isEqual: (a: S, b: S) => boolean,
): S {
  return useSyncExternalStoreWithSelector(
    store.subscribe,
    store.get,
    store.getServerSnapshot,
    select,
    isEqual,
  );
}
