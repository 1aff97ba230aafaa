import { escapeHtml } from '@ooh/shared';
import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'AdSpace India';
/** The home page's title, and index.html's: the name alone says little in a tab or a search result. */
export const HOME_TITLE = 'AdSpace India - outdoor advertising, booked online';

/** "Lamp post on MG Road · AdSpace India"; the home page keeps its own full title. */
export const documentTitle = (title: string): string =>
  title === HOME_TITLE ? HOME_TITLE : `${title} · ${SITE_NAME}`;

/**
 * Where a server render records the title of the page it draws (entry-prerender.tsx writes it into the
 * HTML's <title>). Absent in the browser, where the title is set on the document instead.
 */
export interface TitleSink {
  title?: string;
}
export const TitleSinkContext = createContext<TitleSink | null>(null);

/**
 * Gives the page its browser title (tab, history, bookmarks, screen readers announce it on arrival). The
 * route sets a page's fixed title and a page with data (a site, a campaign) sets a better one once loaded:
 * the deeper and later call wins, on the server (render order) and in the browser (effect order) alike.
 */
export function usePageTitle(title: string): void {
  const sink = useContext(TitleSinkContext);
  // Rendering on the server has no effects: the title is recorded as the tree renders.
  if (sink) sink.title = title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** usePageTitle as an element, for the route table. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

/** index.html's <title> replaced by the page's (escaped: a site's name is data, never markup). */
export function withTitle(html: string, title: string | undefined): string {
  if (!title) return html;
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`);
}
