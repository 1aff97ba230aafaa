/**
 * The build's prerender entry (build/prerender.ts): a page's HTML and the CSS it uses, rendered in Node from
 * the same components as the browser's, so the first paint needs no JavaScript and the browser hydrates it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { HeadSinkContext, type PageHead, withHead } from './lib/page-head';
import { type TitleSink, TitleSinkContext, withTitle } from './lib/page-title';
import { type ServerData, ServerDataProvider, serverDataScript } from './lib/server-data';

export interface Prerendered {
  /** What goes inside <div id="root">. */
  html: string;
  /** Emotion's style tags for that HTML, for <head>; the browser's emotion adopts them when it starts. */
  styles: string;
  /** The page's title (usePageTitle), for the document's <title>. */
  title?: string;
  /** The page's description, canonical link and structured data (usePageHead), for <head>. */
  head: PageHead;
}

/**
 * `data`: API answers to render the page with (by request path); the server writes them into the page too
 * (serverDataScript), so the browser's first render is this one. Without them: the page's loading state.
 */
export async function render(url: string, data: ServerData = {}): Promise<Prerendered> {
  const cache = createCache({ key: 'css' });
  // A cache per render: answers of one request never show up in another's page.
  const client = new QueryClient();
  const emotion = createEmotionServer(cache);
  const sink: TitleSink = {};
  const head: PageHead = {};
  // Same tree as main.tsx (providers with one child add nothing to useId's ids); prerender waits for the
  // lazily loaded page, where renderToString would give its loader.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <ServerDataProvider value={data}>
          <TitleSinkContext value={sink}>
            <HeadSinkContext value={head}>
              <Providers client={client}>
                <StaticRouter location={url}>
                  <AppRoutes />
                </StaticRouter>
              </Providers>
            </HeadSinkContext>
          </TitleSinkContext>
        </ServerDataProvider>
      </CacheProvider>
    </StrictMode>,
    // Every boundary inline, in document order: no script has to move a page into place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return {
    html,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    title: sink.title,
    head,
  };
}

/**
 * index.html (the build's, with its preload script) as the page at `url`: the rendered HTML inside #root,
 * its styles at the end of <head>, and the answers it was rendered with at the start of <head>, where
 * main.tsx (and the preload script, which then fetches nothing) find them.
 */
export async function renderDocument(template: string, url: string, data: ServerData = {}): Promise<string> {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('<head>') || !template.includes('</head>')) {
    throw new Error('renderDocument: the template has no <head> or no <div id="root"></div>');
  }
  const page = await render(url, data);
  const embedded = Object.keys(data).length > 0 ? serverDataScript(data) : '';
  // Functions as replacements: a "$" in the page must stay a "$".
  return withHead(withTitle(template, page.title), page.head)
    .replace('<head>', () => `<head>${embedded}`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(root, () => `<div id="root">${page.html}</div>`);
}
