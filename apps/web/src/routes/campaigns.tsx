import type { MetaFunction } from 'react-router';
import Page from '../features/campaigns/campaigns-page';
import { pageMeta } from '../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta('Campaigns', args, {
    description:
      'Ready-made outdoor advertising campaigns across India: sites chosen together, priced in rupees, booked in one go.',
  });

export default Page;
