import { escapeHtml } from '@ooh/shared';
import { createContext, useContext, useEffect } from 'react';

/**
 * What a page adds to the document's <head> beyond its title, for search engines and link previews: a
 * description, the canonical address and structured data (JSON-LD).
 */
export interface PageHead {
  description?: string;
  /** The absolute canonical URL. */
  canonical?: string;
  /** schema.org objects, each written as its own <script type="application/ld+json">. */
  jsonLd?: unknown[];
  /**
   * The image that will be the page's largest paint when it is a CSS background (found only once styles
   * apply): the server's HTML asks for it at once, with high priority.
   */
  preloadImage?: string;
}

/** Where a server render records the page's head (entry-prerender.tsx writes it); absent in the browser. */
export const HeadSinkContext = createContext<PageHead | null>(null);

function setLink(rel: string, href: string | undefined): () => void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  const before = element?.href;
  if (href === undefined) return () => {};
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.appendChild(element);
  }
  element.href = href;
  const kept = element;
  return () => {
    if (before === undefined) kept.remove();
    else kept.href = before;
  };
}

function setMeta(name: string, content: string | undefined): () => void {
  const element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element || content === undefined) return () => {};
  const before = element.content;
  element.content = content;
  return () => {
    element.content = before;
  };
}

/**
 * The page's head: recorded as the tree renders on the server; in the browser the description and canonical
 * link follow the page while it is shown (structured data matters only in the HTML a crawler fetches).
 */
export function usePageHead(head: PageHead): void {
  const sink = useContext(HeadSinkContext);
  if (sink) Object.assign(sink, head);
  const { description, canonical } = head;
  useEffect(() => {
    const undoMeta = setMeta('description', description);
    const undoLink = setLink('canonical', canonical);
    return () => {
      undoMeta();
      undoLink();
    };
  }, [description, canonical]);
}

/** JSON inside a <script> element: no "<" survives to end it early (nor line separators to trip old parsers). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html's head with the page's description, canonical link and structured data. */
export function withHead(html: string, head: PageHead): string {
  let out = html;
  if (head.description !== undefined) {
    const tag = `<meta name="description" content="${escapeHtml(head.description)}" />`;
    out = /<meta name="description"[^>]*>/.test(out)
      ? out.replace(/<meta name="description"[^>]*>/, () => tag)
      : out.replace('</head>', () => `${tag}</head>`);
  }
  const links = [
    head.preloadImage
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.preloadImage)}" />`
      : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
  ].join('');
  if (links) out = out.replace('</head>', () => `${links}</head>`);
  // Structured data at the end of <body>: crawlers read it anywhere, and the page's first bytes stay the page's.
  const data = (head.jsonLd ?? [])
    .map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`)
    .join('');
  if (data) out = out.includes('</body>') ? out.replace('</body>', () => `${data}</body>`) : `${out}${data}`;
  return out;
}
