import Page from '../features/customize/customize-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Customize Your Campaign');

export default Page;
