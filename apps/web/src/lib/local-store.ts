import { useSyncExternalStore } from 'react';

/**
 * A value kept in browser storage under one key, persisted on every change and shared by every component
 * that reads it (and by other tabs, through the storage event).
 */
export interface LocalStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The stored value as the server renders it: the fallback, since the server has no browser storage. */
  getServerSnapshot(): T;
}

export function createLocalStore<T>(
  key: string,
  fallback: () => T,
  storage: () => Storage = () => localStorage,
) {
  let cache: { raw: string | null; value: T } | null = null;
  const listeners = new Set<() => void>();

  // The value a server-rendered page was made with (no storage there); hydration starts from it too.
  let initial: { value: T } | null = null;
  const getServerSnapshot = (): T => {
    initial ??= { value: fallback() };
    return initial.value;
  };

  const get = (): T => {
    let raw: string | null = null;
    try {
      raw = storage().getItem(key);
    } catch {
      raw = null;
    }
    if (cache && cache.raw === raw) return cache.value;
    let value: T;
    try {
      // Nothing stored reads as the very value hydration used: React then has nothing to render again
      // (a new but equal object would cost every reader a synchronous render right after hydration).
      value = raw ? (JSON.parse(raw) as T) : getServerSnapshot();
    } catch {
      value = fallback();
    }
    cache = { raw, value };
    return value;
  };

  const set = (next: T | ((prev: T) => T)) => {
    const prev = get(); // also brings the cache up to date with the storage (another tab may have written)
    const value = typeof next === 'function' ? (next as (prev: T) => T)(prev) : next;
    const raw = JSON.stringify(value);
    // The same content again (a page writing back what it read): its readers keep the object they have, and
    // React has nothing to render (a store's change renders every reader synchronously).
    if (cache?.raw === raw) return;
    storage().setItem(key, raw);
    cache = { raw, value };
    for (const l of listeners) l();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return { get, set, subscribe, getServerSnapshot } satisfies LocalStore<T>;
}

export function useLocalStore<T>(store: LocalStore<T>): [T, LocalStore<T>['set']] {
  const value = useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
  return [value, store.set];
}
