/**
 * The server's render of a page (docs/decisions/043-routing-framework.md): the whole document once every part
 * is ready (no script moves content into place), with the emotion CSS it uses extracted into <head>, so the
 * first paint needs no JavaScript and the browser hydrates what it got.
 */
import { PassThrough } from 'node:stream';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { deferScripts } from './lib/defer-scripts';
import { NonceContext } from './lib/nonce';

// The API loads this bundle and makes its request handler from the same copy of the framework the routes use.
export { createRequestHandler } from 'react-router';

/** Loader answers still streaming after this are cut off (they come from the same process, in milliseconds). */
export const streamTimeout = 10_000;

type EmotionServer = ReturnType<typeof createEmotionServer>;

/**
 * The CSS of the page's elements (emotion's critical extraction) and also that of every wrapper the render
 * styled: MUI's components nest (an AppBar is a styled Paper, a Button a styled ButtonBase), and only the
 * innermost class reaches an element, so the extraction leaves the outer ones out. Listed in the tag, the
 * browser's emotion takes them as already inserted; left out, it compiled and inserted each of them again
 * while committing the hydration, about a fifth of the home page's blocking time on a slow phone.
 */
function everyStyleRendered(cache: EmotionCache, emotion: EmotionServer, html: string) {
  const chunks = emotion.extractCriticalToChunks(html);
  const regular = chunks.styles.find((chunk) => chunk.key === cache.key);
  if (!regular) return chunks;
  const listed = new Set(regular.ids);
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (listed.has(id) || typeof css !== 'string') continue;
    // Registered means a component's class; the rest are global styles, which the extraction already has.
    if (cache.registered[`${cache.key}-${id}`] === undefined) continue;
    regular.ids.push(id);
    regular.css += css;
  }
  return chunks;
}

/**
 * The style tags marked as already in place (`data-s`). When emotion's cache starts in the browser it moves
 * every server style tag without the mark to the end of <head>. These are already there, in the order it
 * would give them, and a moved tag is a stylesheet the browser parses again: the page's 60-90 KB of CSS,
 * 15-60 ms of a slowed phone's main thread while the app starts. Emotion adopts them either way.
 */
const inPlace = (tags: string) => tags.replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext?.nonce;
  // A cache per render, the browser's key ("css"): emotion there adopts these styles when it starts.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  let code = status;
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <CacheProvider value={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('error', reject);
          body.on('end', () => {
            const html = Buffer.concat(chunks).toString('utf8');
            const styles = inPlace(
              emotion.constructStyleTagsFromChunks(everyStyleRendered(cache, emotion, html)),
            );
            headers.set('Content-Type', 'text/html; charset=utf-8');
            // A function as the replacement: a "$" in the styles must stay a "$".
            resolve(
              new Response(
                // The app starts after the first paint (lib/defer-scripts.ts).
                deferScripts(html.replace('</head>', () => `${styles}</head>`)),
                { status: code, headers },
              ),
            );
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          code = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
