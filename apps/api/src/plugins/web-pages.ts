import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppInstance } from '../app.ts';
import { withHeadTags } from '../lib/map-tiles.ts';

/** What the web build leaves for the server (apps/web/build/prerender.ts). */
interface PageEntry {
  regexp: RegExp;
  /** The prerendered file in dist/prerendered/. */
  file: string;
  /**
   * The API answers the page renders first ("/api/product/:productId"), for pages the server renders with
   * them; the first is the page's own record.
   */
  data?: string[];
  /**
   * The page renders its own not-found state from a 4xx of its first answer, sent with status 404 (the city
   * pages); otherwise such a page gets its prerendered file and handles the error in the browser.
   */
  render404?: boolean;
  /** Rendered with its answers only when the address has no query (/products); else its prerendered file. */
  queryless?: boolean;
}

type RenderDocument = (template: string, url: string, data: Record<string, unknown>) => Promise<string>;

/** A server-rendered page, with its brotli and gzip forms (the not-found route gets no @fastify/compress). */
export interface RenderedPage {
  /** 200, or 404 for a page that renders its record's absence (render404). */
  status: number;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** One of the build's HTML documents (index.html or a prerendered page) as the server sends it. */
export interface HtmlDocument extends RenderedPage {
  /** A validator for conditional requests: the document is in memory, not a file @fastify/static dates. */
  etag: string;
}

export interface WebPages {
  /**
   * The CSP hashes of the inline scripts of index.html and the prerendered pages, listed by the build; pages
   * rendered here come from the same index.html and add only a JSON data block, which never runs.
   */
  scriptHashes: string[];
  /** The prerendered page for a path, or the bare index.html; prepared once at start. */
  documentFor(url: string): HtmlDocument;
  /**
   * The page rendered with its API answer, for a route that names one and when the build left its renderer
   * (dist-server/); null otherwise, or when the answer is not a 200 (the page then handles the error).
   */
  renderWithData(app: AppInstance, url: string, hasQuery?: boolean): Promise<RenderedPage | null>;
}

export const PRERENDER_DIR = 'prerendered';
/** Server-rendered pages kept in memory (about 90 KB each). */
const RENDERED_PAGES_KEPT = 200;

function readManifest(dist: string): { pages: PageEntry[]; scriptHashes: string[] } {
  const manifestFile = path.join(dist, PRERENDER_DIR, 'manifest.json');
  // Without the build's list no inline script is allowed: a page then works without its preloads.
  if (!existsSync(manifestFile)) return { pages: [], scriptHashes: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    pages: Array<{
      regexp: string;
      file: string;
      data?: string | string[];
      render404?: boolean;
      queryless?: boolean;
    }>;
    scriptHashes?: string[];
  };
  return {
    pages: manifest.pages.map((p) => ({
      regexp: new RegExp(p.regexp),
      file: p.file,
      data: p.data === undefined ? undefined : [p.data].flat(),
      render404: p.render404 === true,
      queryless: p.queryless === true,
    })),
    scriptHashes: (manifest.scriptHashes ?? []).filter((h) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h)),
  };
}

/**
 * An HTML file of the build with the server's <head> tags (the map tile settings), compressed: the build's
 * own .br and .gz when nothing was added (quality 11, apps/web/build/precompress.ts), else compressed here
 * once, at the quality used for pages rendered on request.
 */
function readDocument(file: string, headTags: string): HtmlDocument {
  const built = readFileSync(file, 'utf8');
  const html = withHeadTags(built, headTags);
  const kept = (suffix: string) =>
    html === built && existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : null;
  return {
    status: 200,
    html,
    br: kept('.br') ?? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: kept('.gz') ?? gzipSync(html),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The build's pages: each route's prerendered HTML (a build without them, an older one, still works: every
 * page gets index.html) and the renderer that draws a page with its data on request, so a product page
 * arrives with its photo, name and price in the HTML rather than after the app's code and a second request.
 */
export async function loadWebPages(dist: string, headTags = ''): Promise<WebPages> {
  const { pages, scriptHashes } = readManifest(dist);
  // Every HTML document is read (and given the head tags) here, once: requests are answered from memory.
  const index = readDocument(path.join(dist, 'index.html'), headTags);
  const documents = new Map<string, HtmlDocument>();
  for (const { file } of pages) {
    const full = path.join(dist, PRERENDER_DIR, file);
    if (!documents.has(file) && existsSync(full)) documents.set(file, readDocument(full, headTags));
  }
  const rendererFile = path.join(`${dist}-server`, 'entry-prerender.js');
  let renderDocument: RenderDocument | null = null;
  if (existsSync(rendererFile) && pages.some((p) => p.data)) {
    ({ renderDocument } = (await import(pathToFileURL(rendererFile).href)) as {
      renderDocument: RenderDocument;
    });
  }
  const template = index.html;
  // Rendering a page takes 20-50 ms of this process's only thread; the same URL with the same answer is the
  // same page, so it is kept (least recently used first out). A changed answer (a booking, an edit) is a
  // new key, so nothing stale is ever sent.
  const rendered = new Map<string, RenderedPage>();
  const match = (url: string) => {
    for (const page of pages) {
      const found = page.regexp.exec(url);
      if (found) return { page, params: found.groups ?? {} };
    }
    return null;
  };

  return {
    scriptHashes,
    documentFor: (url) => {
      const file = match(url)?.page.file;
      return (file !== undefined && documents.get(file)) || index;
    },
    async renderWithData(app, url, hasQuery = false) {
      const found = match(url);
      if (!renderDocument || !found?.page.data || (found.page.queryless && hasQuery)) return null;
      const { page: route, params } = found;
      const dataPaths: string[] = [];
      for (const pattern of route.data ?? []) {
        let failed = false;
        const dataPath = pattern.replace(/:(\w+)/g, (_, name: string) => {
          const raw = params[name] ?? '';
          try {
            return encodeURIComponent(decodeURIComponent(raw));
          } catch {
            // A malformed %-escape: a page that renders its own absence asks for the text as it came (a 404).
            failed = !route.render404;
            return encodeURIComponent(raw);
          }
        });
        if (failed) return null; // the page shows its own not-found handling
        dataPaths.push(dataPath);
      }
      // Through the app itself: the same validation, catalogue cache and answer the browser would get.
      const answers = await Promise.all(dataPaths.map((url) => app.inject({ method: 'GET', url })));
      const first = answers[0].statusCode;
      const missing = route.render404 === true && first >= 400 && first < 500;
      if ((first !== 200 && !missing) || answers.slice(1).some((a) => a.statusCode !== 200)) return null;
      const key = `${url}\n${answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')}`;
      let page = rendered.get(key);
      if (page === undefined) {
        const data = Object.fromEntries(dataPaths.map((p, i) => [p, answers[i].json()]));
        const html = await renderDocument(template, url, data);
        page = {
          status: missing ? 404 : 200,
          html,
          br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
          gzip: gzipSync(html),
        };
        if (rendered.size >= RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value as string);
      } else {
        rendered.delete(key);
      }
      rendered.set(key, page);
      return page;
    },
  };
}
