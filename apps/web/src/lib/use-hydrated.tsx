import { type ReactNode, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML; true on every render
 * after (and at once on a page rendered in the browser alone). What depends on this browser's storage
 * (who is signed in, the cart) renders its neutral form first, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Children only in the browser; `fallback` in the server's HTML and during hydration. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
