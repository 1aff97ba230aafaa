import CampaignPage from '../features/campaigns/campaign-page';
import { pageMeta } from '../lib/page-meta';

/** A campaign merges the server's copy with this browser's dates (lib/campaigns/use-working-campaign.ts). */
export const meta = () => pageMeta('Campaign');

export default CampaignPage;
