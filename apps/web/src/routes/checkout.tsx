import { PageLoader } from '../components/page-loader';
import Page from '../features/checkout/checkout-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Checkout');

// Drawn from this browser's cart and session: the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
