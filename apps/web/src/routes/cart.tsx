import type { MetaFunction } from 'react-router';
import Page from '../features/cart/cart-page';
import { CartLoading } from '../features/cart/components/cart-loading';
import { pageMeta } from '../lib/page-meta';
import { useHydrated } from '../lib/use-hydrated';

export const meta: MetaFunction = (args) => pageMeta('My Cart', args, { noindex: true });

/**
 * Drawn from this browser's cart: the server renders the page's frame, never another visitor's state, and
 * the lines render once hydrated. Through `useHydrated` (set in a transition, so React renders the lines in
 * slices) rather than a hydrating clientLoader and its HydrateFallback: the router's swap from the fallback
 * to the page rendered the whole tree in one task after hydration (145 ms of a slowed phone's main thread).
 */
export default function CartRoute() {
  return useHydrated() ? <Page /> : <CartLoading />;
}
