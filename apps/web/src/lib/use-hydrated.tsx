import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/**
 * Whether hydration is over. The document (root.tsx) provides it; without a provider, a render on the server
 * reads false and one in the browser alone (a component test) reads true.
 */
const HydratedContext = createContext(typeof window !== 'undefined');

/**
 * Around the whole document: false while the server renders and the browser hydrates, then true. The switch
 * is a transition, so React renders what waited for it (the signed-in header, the cart, the client-only
 * parts) in slices that yield to the browser every few milliseconds. A store read through
 * useSyncExternalStore switched in one synchronous render: on the home page that render and the one after
 * it were half a second each on a slow phone, with taps unanswered.
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while the server renders a page and while the browser hydrates that HTML; true on every render
 * after (and at once on a page rendered in the browser alone). What depends on this browser's storage
 * (who is signed in, the cart) renders its neutral form first, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** Children only in the browser; `fallback` in the server's HTML and during hydration. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
