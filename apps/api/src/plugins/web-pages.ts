import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppInstance } from '../app.ts';

/** What the web build leaves for the server (apps/web/build/prerender.ts). */
interface PageEntry {
  regexp: RegExp;
  /** The prerendered file in dist/prerendered/. */
  file: string;
  /** The API answer the page renders first ("/api/product/:productId"), for pages the server renders with it. */
  data?: string;
}

type RenderDocument = (template: string, url: string, data: Record<string, unknown>) => Promise<string>;

/** A server-rendered page, with its brotli and gzip forms (the not-found route gets no @fastify/compress). */
export interface RenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface WebPages {
  /**
   * The CSP hashes of the inline scripts of index.html and the prerendered pages, listed by the build; pages
   * rendered here come from the same index.html and add only a JSON data block, which never runs.
   */
  scriptHashes: string[];
  /** The prerendered file for a path, or null for the bare index.html. */
  fileFor(url: string): string | null;
  /**
   * The page rendered with its API answer, for a route that names one and when the build left its renderer
   * (dist-server/); null otherwise, or when the answer is not a 200 (the page then handles the error).
   */
  renderWithData(app: AppInstance, url: string): Promise<RenderedPage | null>;
}

export const PRERENDER_DIR = 'prerendered';
/** Server-rendered pages kept in memory (about 90 KB each). */
const RENDERED_PAGES_KEPT = 200;

function readManifest(dist: string): { pages: PageEntry[]; scriptHashes: string[] } {
  const manifestFile = path.join(dist, PRERENDER_DIR, 'manifest.json');
  // Without the build's list no inline script is allowed: a page then works without its preloads.
  if (!existsSync(manifestFile)) return { pages: [], scriptHashes: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    pages: Array<{ regexp: string; file: string; data?: string }>;
    scriptHashes?: string[];
  };
  return {
    pages: manifest.pages.map((p) => ({ regexp: new RegExp(p.regexp), file: p.file, data: p.data })),
    scriptHashes: (manifest.scriptHashes ?? []).filter((h) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h)),
  };
}

/**
 * The build's pages: each route's prerendered HTML (a build without them, an older one, still works: every
 * page gets index.html) and the renderer that draws a page with its data on request, so a product page
 * arrives with its photo, name and price in the HTML rather than after the app's code and a second request.
 */
export async function loadWebPages(dist: string): Promise<WebPages> {
  const { pages, scriptHashes } = readManifest(dist);
  const rendererFile = path.join(`${dist}-server`, 'entry-prerender.js');
  let renderDocument: RenderDocument | null = null;
  if (existsSync(rendererFile) && pages.some((p) => p.data)) {
    ({ renderDocument } = (await import(pathToFileURL(rendererFile).href)) as {
      renderDocument: RenderDocument;
    });
  }
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
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
    fileFor: (url) => match(url)?.page.file ?? null,
    async renderWithData(app, url) {
      const found = match(url);
      if (!renderDocument || !found?.page.data) return null;
      let dataPath: string;
      try {
        dataPath = found.page.data.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(decodeURIComponent(found.params[name] ?? '')),
        );
      } catch {
        return null; // a malformed %-escape: the page shows its own not-found handling
      }
      // Through the app itself: the same validation, catalogue cache and answer the browser would get.
      const answer = await app.inject({ method: 'GET', url: dataPath });
      if (answer.statusCode !== 200) return null;
      const key = `${url}\n${answer.body}`;
      let page = rendered.get(key);
      if (page === undefined) {
        const html = await renderDocument(template, url, { [dataPath]: answer.json() });
        page = {
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
