import { PageLoader } from '../components/page-loader';
import Page from '../features/plans/shared-plan-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Shared media plan');

// A shared plan is drawn in the browser: the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
