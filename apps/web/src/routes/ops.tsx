import { PageLoader } from '../components/page-loader';
import { pageMeta } from '../lib/page-meta';
import Page from '../ops/ops-area';

export const meta = () => pageMeta('Back office');

// The operator's room, loaded only for its users: the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
