import Page from '../features/legal/privacy-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Privacy Policy');

export default Page;
