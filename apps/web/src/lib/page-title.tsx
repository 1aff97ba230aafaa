import { useEffect } from 'react';

export const SITE_NAME = 'AdSpace India';
/** The home page's title: the name alone says little in a tab or a search result. */
export const HOME_TITLE = 'AdSpace India - outdoor advertising, booked online';

/** "Lamp post on MG Road · AdSpace India"; the home page keeps its own full title. */
export const documentTitle = (title: string): string =>
  title === HOME_TITLE ? HOME_TITLE : `${title} · ${SITE_NAME}`;

/**
 * A better browser title once a page's data is in (tab, history, bookmarks, screen readers announce it on
 * arrival). The route's `meta` gives the title the server renders (lib/page-meta.ts); this follows the page
 * in the browser, where its data may arrive later.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** usePageTitle as an element. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
