import type { MetaDescriptor } from 'react-router';
import { documentTitle, SITE_NAME } from './page-title';

/** index.html's description before this framework: what the site is, for pages that say nothing better. */
export const SITE_DESCRIPTION =
  'Book outdoor advertising across India: lamp posts, hoardings, bridges, digital billboards, transit and retail media.';

/** What a route's `meta` is handed that the head needs: where the page is, and the root loader's origin. */
export interface MetaPlace {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

export interface PageHead {
  description?: string;
  /** A picture of what the page shows (a site's first photo): absolute in og:image. */
  image?: string;
  /**
   * The page's one address for search engines (rel=canonical, og:url): this path (default the page's own,
   * without its query string; `keepQuery` keeps it, for the filtered lists that are pages of their own).
   */
  canonicalPath?: string;
  keepQuery?: boolean;
  /** schema.org objects, each rendered as a `<script type="application/ld+json">` by React Router's Meta. */
  jsonLd?: readonly unknown[];
  /** og:type; "website" unless the page is one thing (a site: "product"). */
  type?: string;
  /** A page search engines should leave out (a private shared link, a signed-in page, a 404). */
  noindex?: boolean;
  /** The robots tag of a noindex page, when it says more than "noindex". */
  robots?: string;
}

/**
 * The site's public origin as the root loader knows it (the API's PUBLIC_URL, or the request's own origin),
 * for absolute URLs in canonical links and Open Graph tags.
 */
export function originOf(place: Pick<MetaPlace, 'matches'>): string {
  const root = place.matches.find((m) => m?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/** A path or URL as an absolute URL of this site ("" when the origin is unknown: the path as it is). */
export const absoluteUrl = (origin: string, pathOrUrl: string): string => {
  try {
    return new URL(pathOrUrl, origin || undefined).href;
  } catch {
    return pathOrUrl;
  }
};

/**
 * A route's `meta`: the page's whole head (docs/decisions/068-the-standard-path.md; the deepest route's meta
 * is all of it, so each names everything): title, description, and with `place` (the meta function's
 * arguments) its canonical link and Open Graph tags, and any JSON-LD. Titles that depend on data come from
 * the route's loader data, which React Router hands to meta on the server and on every client navigation.
 */
export function pageMeta(title: string, place?: MetaPlace, head: PageHead = {}): MetaDescriptor[] {
  const description = head.description ?? SITE_DESCRIPTION;
  const full = documentTitle(title);
  const tags: MetaDescriptor[] = [{ title: full }, { name: 'description', content: description }];
  if (head.noindex) tags.push({ name: 'robots', content: head.robots ?? 'noindex' });
  if (!place) return tags;
  const origin = originOf(place);
  const path =
    (head.canonicalPath ?? place.location.pathname) + (head.keepQuery ? place.location.search : '');
  const url = absoluteUrl(origin, path);
  if (!head.noindex) tags.push({ tagName: 'link', rel: 'canonical', href: url });
  tags.push(
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: head.type ?? 'website' },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
  );
  if (head.image) {
    const image = absoluteUrl(origin, head.image);
    tags.push(
      { property: 'og:image', content: image },
      { property: 'og:image:alt', content: title },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: image },
    );
  } else {
    tags.push({ name: 'twitter:card', content: 'summary' });
  }
  tags.push({ name: 'twitter:title', content: full }, { name: 'twitter:description', content: description });
  for (const item of head.jsonLd ?? []) tags.push({ 'script:ld+json': item as Record<string, unknown> });
  return tags;
}

/** A text as a search result's description: one line, at most about 160 characters, cut at a word. */
export function descriptionOf(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}
