import Page from '../features/legal/terms-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Terms and Conditions');

export default Page;
