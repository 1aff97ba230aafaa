import { type ReactNode, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the build prerenders a page and while the browser hydrates that HTML; true on every render
 * after (and at once on a page rendered in the browser alone). What depends on this browser's storage
 * (who is signed in, the cart) renders its neutral form first, so hydration matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Children only in the browser; `fallback` in the prerendered HTML and during hydration. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}

/**
 * Marks its part of a prerendered page as not yet answering (data-hydrating) until React has hydrated it;
 * index.html's rules make the controls there ignore taps and refuse to submit a form natively meanwhile
 * (a native submit would put the form's fields in the URL). One at the app's root and one inside each
 * lazily loaded part, since each hydrates when its code arrives. Adds no box of its own.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div data-hydrating={hydrated ? undefined : ''} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
