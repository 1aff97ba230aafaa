import { PageLoader } from '../components/page-loader';
import Page from '../features/auth/verify-mobile-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Sign in');

// Drawn from this browser (who is signed in, where to go next): the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
