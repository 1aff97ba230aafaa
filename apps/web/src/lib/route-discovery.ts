import { startTransition } from 'react';

/** What this needs of React Router's browser router (`window.__reactRouterDataRouter`, see below). */
interface DiscoveringRouter {
  patchRoutes: (...args: never[]) => void;
}

// Symbol.for: the browser journey (e2e/route-discovery.spec.ts) checks the wrapper is in place.
const WRAPPED = Symbol.for('ooh.patchesInTransition');

/**
 * React Router learns the routes behind a page's links as they appear (`routeDiscovery: 'lazy'`,
 * react-router.config.ts): it asks /__manifest for each batch and publishes the batch as a new router state.
 * Navigations render their router state synchronously (`useTransitions={false}`, entry.client.tsx), and so
 * did these batches: the whole page again, 100-150 ms a time with the CPU slowed four times, two or three
 * times while a list page loads and its cards' links appear. A batch changes nothing on the screen, so it is
 * applied inside a transition, which React renders in slices (docs/decisions/057).
 *
 * The router publishes itself as `window.__reactRouterDataRouter` (React Router 7's hydrated router; the
 * framework's own redirects use it), and its lazy discovery calls `router.patchRoutes` by that property at
 * each batch. Without that property (another version), nothing changes: batches render as before.
 * e2e/route-discovery.spec.ts fails if the wrapper is not in place after an upgrade.
 */
export function discoverRoutesInTransitions(): void {
  const router = (window as { __reactRouterDataRouter?: DiscoveringRouter }).__reactRouterDataRouter;
  if (!router || typeof router.patchRoutes !== 'function') return;
  const patch = router.patchRoutes as ((...args: never[]) => void) & { [WRAPPED]?: true };
  if (patch[WRAPPED]) return;
  const inTransition = Object.assign((...args: never[]) => startTransition(() => patch.apply(router, args)), {
    [WRAPPED]: true as const,
  });
  router.patchRoutes = inTransition;
}
