import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { type RoutePage, routeRegExp } from './route-preload.ts';

/** dist/prerendered/: one HTML file per route and manifest.json, which the API reads to pick the file. */
export const PRERENDER_DIR = 'prerendered';

export interface PrerenderManifest {
  /** In the router's order: the first whose regexp matches the path is the page's HTML. */
  pages: Array<{ pattern: string; regexp: string; file: string }>;
}

/** The URL a route is prerendered at: every parameter 1 (the page shows its loading state, whatever the id). */
export function sampleUrl(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '1');
}

export function pageFile(pattern: string): string {
  return pattern === '/' ? 'home.html' : `${pattern.slice(1).replace(/:/g, '').replace(/\//g, '--')}.html`;
}

/** index.html with the prerendered page inside #root and its styles at the end of <head>. */
export function fillTemplate(template: string, page: { html: string; styles: string }): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) {
    throw new Error('prerender: index.html has no <div id="root"></div> or </head>');
  }
  // Functions as replacements: a "$" in the page must stay a "$".
  return template
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(root, () => `<div id="root">${page.html}</div>`);
}

/**
 * After the browser build: builds src/entry-prerender.tsx for Node, renders every route of the router with
 * it and writes each page's HTML beside index.html. A visitor then sees the page (header, hero, headings,
 * the loading state of lists) as soon as the HTML and CSS arrive, before any JavaScript has run; the
 * browser hydrates it. Data is never prerendered: it would be stale, and the API answers it in milliseconds.
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
      // Inside the workspace, so the Node bundle's external imports resolve from its node_modules.
      const serverOut = path.join(options.root, 'node_modules', '.cache', 'ooh-prerender');
      try {
        await build({
          root: options.root,
          configFile: false,
          logLevel: 'warn',
          mode: 'production',
          plugins: [react()],
          build: { ssr: options.entry, outDir: serverOut, emptyOutDir: true, minify: false },
        });
        const entryFile = `${path.basename(options.entry).replace(/\.tsx?$/, '')}.js`;
        const { render } = (await import(pathToFileURL(path.join(serverOut, entryFile)).href)) as {
          render: (url: string) => Promise<{ html: string; styles: string }>;
        };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
        const manifest: PrerenderManifest = { pages: [] };
        const written = new Map<string, string>();
        for (const [pattern, module] of options.routes) {
          // Routes that share a page module and shape (the product page's three paths) share one file.
          const key = `${module}|${pattern.split('/').filter((p) => p.startsWith(':')).length}`;
          let file = written.get(key);
          if (!file) {
            file = pageFile(pattern);
            const page = await render(sampleUrl(pattern));
            writeFileSync(path.join(outDir, PRERENDER_DIR, file), fillTemplate(template, page));
            written.set(key, file);
          }
          manifest.pages.push({ pattern, regexp: routeRegExp(pattern), file });
        }
        writeFileSync(
          path.join(outDir, PRERENDER_DIR, 'manifest.json'),
          `${JSON.stringify(manifest, null, 2)}\n`,
        );
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}
