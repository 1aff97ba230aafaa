import Page from '../features/cart/cart-page';
import { CartLoading } from '../features/cart/components/cart-loading';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('My Cart');

// Drawn from this browser's cart: the server renders the page's frame there, never another visitor's state;
// the lines render once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = CartLoading;

export default Page;
