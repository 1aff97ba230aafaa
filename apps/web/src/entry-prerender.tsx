/**
 * The build's prerender entry (build/prerender.ts): a page's HTML and the CSS it uses, rendered in Node from
 * the same components as the browser's, so the first paint needs no JavaScript and the browser hydrates it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

export interface Prerendered {
  /** What goes inside <div id="root">. */
  html: string;
  /** Emotion's style tags for that HTML, for <head>; the browser's emotion adopts them when it starts. */
  styles: string;
}

export async function render(url: string): Promise<Prerendered> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  // Same tree as main.tsx (providers with one child add nothing to useId's ids); prerender waits for the
  // lazily loaded page, where renderToString would give its loader.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <Providers>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </CacheProvider>
    </StrictMode>,
    // Every boundary inline, in document order: no script has to move a page into place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
