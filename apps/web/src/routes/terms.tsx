import type { MetaFunction } from 'react-router';
import Page from '../features/legal/terms-page';
import { pageMeta } from '../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta('Terms and Conditions', args, {
    description: 'The terms on which sites are listed, booked and paid for on this marketplace.',
  });

export default Page;
