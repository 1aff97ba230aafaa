import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { SESSION_HINT_COOKIE } from '../modules/auth/session-cookie.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.ts';

/**
 * Rendered public pages kept by address (docs/decisions/054-rendered-page-cache.md, 067). Rendering a page takes
 * 100-200 ms of one core on the test machine; a kept page is sent in a few. A page is kept only when
 * everything it was rendered from is the same for every visitor and is invalidated like it:
 * - the request carried no session (neither the session cookie nor the signed-in hint);
 * - every API answer its loaders read came through the catalogue cache (plugins/catalogue-cache.ts marks them
 *   `x-cache`), or it read none (a shell whose data lives in the browser);
 * - it answered 200 with HTML and set no cookie.
 * It is served while the catalogue cache's generation is the one its render started in (a change to a site,
 * a campaign or a booking moves it, through the database notice) and for no longer than the catalogue's TTL.
 * Such a page is cacheable HTTP too: `Cache-Control: public, s-maxage, stale-while-revalidate` and a strong
 * ETag, so a matching If-None-Match answers 304 (web-app.ts sends it through Fastify's reply).
 *
 * CSP: a kept page goes to many visitors, so its answer's nonce is not reused in their policies. The policy of
 * a kept page lists its inline scripts by hash only (they were hashed when it was rendered: web-app.ts); the
 * nonce attributes left in its HTML match nothing.
 */
export interface KeptPage {
  html: string;
  /** The router's answer headers (content type), as rendered. */
  headers: Array<[string, string]>;
  /** CSP hash sources of the page's inline scripts. */
  scripts: string[];
  /** A digest of the HTML (catalogue-cache.ts etagOf): its ETag, one per content coding. */
  tag: string;
  generation: number;
  expiresAt: number;
  br?: Buffer;
  gzip?: Buffer;
}

const SESSION_COOKIES = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${SESSION_HINT_COOKIE})=`);

/** A signed-in request's page may hold that user's data: never read from nor written to the cache. */
export const hasSession = (cookie: string | undefined): boolean => SESSION_COOKIES.test(cookie ?? '');

export class PageCache {
  private readonly pages = new LRUCache<string, KeptPage>({
    max: 1000,
    // Characters of HTML: about 64 MB at most, whatever addresses are asked for.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) => page.html.length || 1,
  });

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The page kept for this address, if it is still current. */
  get(url: string, generation: number, now: number): KeptPage | undefined {
    const page = this.pages.get(url);
    if (!page) return undefined;
    if (page.generation !== generation || page.expiresAt <= now) {
      this.pages.delete(url);
      return undefined;
    }
    return page;
  }

  set(url: string, page: KeptPage): void {
    this.pages.set(url, page);
  }
}

/**
 * The page's body as this browser accepts it, compressed once per page and encoding, with the ETag of that
 * representation (a strong validator names one coding's bytes).
 */
export function keptBody(
  page: KeptPage,
  acceptEncoding: string,
): { body: Buffer | string; encoding?: string; etag: string } {
  if (/\bbr\b/.test(acceptEncoding)) {
    page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: page.br, encoding: 'br', etag: `"${page.tag}-br"` };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    page.gzip ??= gzipSync(page.html);
    return { body: page.gzip, encoding: 'gzip', etag: `"${page.tag}-gz"` };
  }
  return { body: page.html, etag: `"${page.tag}"` };
}
