/**
 * The server's render of a page, as React Router's framework mode documents `entry.server` with emotion's
 * documented server rendering (@emotion/server: extractCriticalToChunks, constructStyleTagsFromChunks):
 * the whole document once every part is ready, with the CSS its elements use in <head>, so the first paint
 * needs no JavaScript and the browser hydrates what it got. A complete document (not a stream) because
 * emotion documents no streaming path; it also lets the API give anonymous pages an ETag
 * (docs/decisions/068-the-standard-path.md).
 */
import { PassThrough } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce';

// The API loads this bundle and makes its request handler from the same copy of the framework the routes use.
export { createRequestHandler } from 'react-router';

/** Loader answers still streaming after this are cut off (they come from the same process, in milliseconds). */
export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext?.nonce;
  // A cache per render with the browser's key ("css"): emotion there adopts these styles when it starts.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
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
        // Every part ready first (React Router's documented choice for crawlers, here for everyone): the
        // styles are extracted from the whole document.
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('error', reject);
          body.on('end', () => {
            const html = Buffer.concat(chunks).toString('utf8');
            const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
            headers.set('Content-Type', 'text/html; charset=utf-8');
            // Emotion's recipe puts its style tags into the document's head. A function as the replacement:
            // a "$" in the styles must stay a "$".
            resolve(
              new Response(
                html.replace('</head>', () => `${styles}</head>`),
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
