import { PageLoader } from '../components/page-loader';
import { pageMeta } from '../lib/page-meta';
import Page from '../partner/partner-area';

export const meta = () => pageMeta('Media owner console');

// The media owner's room, loaded only for its users: the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
