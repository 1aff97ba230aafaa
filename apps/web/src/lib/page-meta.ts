import type { MetaDescriptor } from 'react-router';
import { documentTitle } from './page-title';

/** index.html's description before this framework: what the site is, for pages that say nothing better. */
export const SITE_DESCRIPTION =
  'Book outdoor advertising across India: lamp posts, hoardings, bridges, digital billboards, transit and retail media.';

/**
 * A route's `meta`: its browser title (docs/decisions/043-routing-framework.md) and description. The deepest
 * route's meta is the page's whole head, so each names both; a page with data (a site, a campaign) names
 * itself better from its loader's answer, or once loaded in the browser (usePageTitle).
 */
export function pageMeta(title: string, description = SITE_DESCRIPTION): MetaDescriptor[] {
  return [{ title: documentTitle(title) }, { name: 'description', content: description }];
}
