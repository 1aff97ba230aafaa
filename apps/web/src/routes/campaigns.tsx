import Page from '../features/campaigns/campaigns-page';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Campaigns');

export default Page;
