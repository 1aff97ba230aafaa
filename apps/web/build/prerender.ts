import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { inlineScriptHashes } from './csp.ts';
import { type RoutePage, routeRegExp } from './route-preload.ts';

/** dist/prerendered/: one HTML file per route and manifest.json, which the API reads to pick the file. */
export const PRERENDER_DIR = 'prerendered';

export interface PrerenderManifest {
  /** In the router's order: the first whose regexp matches the path is the page's HTML. */
  pages: Array<{
    pattern: string;
    regexp: string;
    file: string;
    data?: string | string[];
    render404?: boolean;
    queryless?: boolean;
  }>;
  /**
   * The CSP hash of every inline script in index.html and the prerendered pages (the route preload script and
   * the hydration gate's): the API allows these, and no other inline script, on every page it sends.
   */
  scriptHashes: string[];
}

/** The URL a route is prerendered at: every parameter 1 (the page shows its loading state, whatever the id). */
export function sampleUrl(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '1');
}

export function pageFile(pattern: string): string {
  return pattern === '/' ? 'home.html' : `${pattern.slice(1).replace(/:/g, '').replace(/\//g, '--')}.html`;
}

/**
 * index.html with its small stylesheets (the @font-face rule) written into <style> tags: one round trip
 * less before the first paint, since a stylesheet blocks rendering.
 */
export function inlineSmallStylesheets(html: string, readAsset: (href: string) => string | null): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const css = readAsset(href);
    return css !== null && css.length <= 4096
      ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
      : tag;
  });
}

/**
 * After the browser build: builds src/entry-prerender.tsx for Node, renders every route of the router with
 * it and writes each page's HTML beside index.html. A visitor then sees the page (header, hero, headings,
 * the loading state of lists) as soon as the HTML and CSS arrive, before any JavaScript has run; the
 * browser hydrates it. No data is built in (it would be stale): product pages get theirs when the API renders
 * them on request through the renderer this step keeps in dist-server/ (apps/api/src/plugins/web-pages.ts).
 */
export function prerender(options: { root: string; entry: string; routes: RoutePage[] }): Plugin {
  let outDir = '';
  let isSsrBuild = false;
  return {
    name: 'ooh-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      // Kept beside the web build: the API renders product pages with their data through it (decision 011).
      // One self-contained file with React, MUI and emotion in their production builds, whatever NODE_ENV
      // the API runs with (their development builds name classes differently, and hydration would differ).
      const serverOut = `${outDir}-server`;
      await build({
        root: options.root,
        configFile: false,
        logLevel: 'warn',
        mode: 'production',
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        publicDir: false,
        build: { ssr: options.entry, outDir: serverOut, emptyOutDir: true, minify: false },
      });
      const entryFile = `${path.basename(options.entry).replace(/\.tsx?$/, '')}.js`;
      const { renderDocument } = (await import(pathToFileURL(path.join(serverOut, entryFile)).href)) as {
        renderDocument: (template: string, url: string) => Promise<string>;
      };
      const template = inlineSmallStylesheets(
        readFileSync(path.join(outDir, 'index.html'), 'utf8'),
        (href) => {
          const file = path.join(outDir, href.replace(/^\//, ''));
          return href.startsWith('/assets/') && existsSync(file) ? readFileSync(file, 'utf8') : null;
        },
      );
      writeFileSync(path.join(outDir, 'index.html'), template);
      mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
      const manifest: PrerenderManifest = { pages: [], scriptHashes: [] };
      const hashes = new Set(inlineScriptHashes(template));
      const written = new Map<string, string>();
      for (const [pattern, module, data] of options.routes) {
        // Routes that share a page module and shape (the product page's three paths) share one file.
        const key = `${module}|${pattern.split('/').filter((p) => p.startsWith(':')).length}`;
        let file = written.get(key);
        if (!file) {
          file = pageFile(pattern);
          const html = await renderDocument(template, sampleUrl(pattern));
          writeFileSync(path.join(outDir, PRERENDER_DIR, file), html);
          for (const hash of inlineScriptHashes(html)) hashes.add(hash);
          written.set(key, file);
        }
        const served =
          data === undefined
            ? {}
            : typeof data === 'string'
              ? { data }
              : { data: data.answers, render404: data.render404, ...(data.queryless && { queryless: true }) };
        manifest.pages.push({ pattern, regexp: routeRegExp(pattern), file, ...served });
      }
      manifest.scriptHashes = [...hashes].sort();
      writeFileSync(
        path.join(outDir, PRERENDER_DIR, 'manifest.json'),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
    },
  };
}
