import type { MetaFunction } from 'react-router';
import Page from '../features/legal/privacy-page';
import { pageMeta } from '../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta('Privacy Policy', args, {
    description: 'What personal data this marketplace keeps, why, for how long, and how to ask for it.',
  });

export default Page;
