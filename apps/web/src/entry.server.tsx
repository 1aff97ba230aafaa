/**
 * The server's render of a page (docs/decisions/043-routing-framework.md): the whole document once every part
 * is ready (no script moves content into place), with the emotion CSS it uses extracted into <head>, so the
 * first paint needs no JavaScript and the browser hydrates what it got.
 */
import { PassThrough } from 'node:stream';
import createCache from '@emotion/cache';
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
            const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
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
