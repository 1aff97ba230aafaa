import type { MetaFunction } from 'react-router';
import { PageLoader } from '../components/page-loader';
import Page from '../features/customize/customized-preview-page';
import { pageMeta } from '../lib/page-meta';

export const meta: MetaFunction = (args) => pageMeta('Your Customized Campaign', args, { noindex: true });

// Drawn from this browser's customized campaign: the server renders the loader there, never another visitor's state; the page renders once hydrated.
export const clientLoader = () => null;
clientLoader.hydrate = true as const;
export const HydrateFallback = PageLoader;

export default Page;
