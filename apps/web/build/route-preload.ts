import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * A route pattern of the router ("/product/:productId"), the page module it lazily loads and, optionally,
 * the API answer the page renders first ("/api/product/:productId"): the server then renders the page with
 * it on request (apps/api/src/plugins/web-pages.ts). A page may name several answers, its own record first,
 * and render its record's absence itself, sent with status 404 (`render404`).
 */
export type RoutePage = [pattern: string, module: string, data?: string | ServerRenderedWith];
export interface ServerRenderedWith {
  answers: string[];
  render404: boolean;
  /**
   * Rendered with its answers only at an address without a query: the page's first render reads the query as
   * empty (lib/use-url-query.ts), so a filtered address gets the prerendered page and fetches its own list.
   */
  queryless?: boolean;
}

/** "/campaign/:campaignId/product/:productId" -> ^/campaign/(?<campaignId>[^/]+)/product/(?<productId>[^/]+)/?$ */
export function routeRegExp(pattern: string): string {
  const body = pattern
    .split('/')
    .map((part) =>
      part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${body === '' ? '' : body}/?$`;
}

/**
 * Runs `code` once the prerendered HTML has been painted (the frame after parsing), or at once in a hidden tab,
 * which paints nothing. The app's shell and the page's chunks are fetched and run from there: on a fast
 * connection they would otherwise arrive before the first frame, and the first paint of a page already
 * complete in its HTML would wait for the whole app to download, run and hydrate.
 */
export function afterFirstPaint(code: string): string {
  return `(function(){function go(){${code}}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go)})})()`;
}

/** The entry's <script type="module" src>, as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The shell started after the first paint: an inline module (deferred, like the tag it replaces) that imports it. */
export function deferEntry(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('route-preload: no entry <script type="module" crossorigin src> in index.html');
  return html.replace(
    entry[0],
    `<script type="module">${afterFirstPaint(`import(${JSON.stringify(entry[1])})`)}</script>`,
  );
}

/** The script run before the app's own: adds a modulepreload for each chunk of the page at this path. */
export function preloadScript(table: Array<[string, string[]]>, base: string): string {
  return afterFirstPaint(
    `(function(){var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(p)){for(var j=0;j<t[i][1].length;j++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+t[i][1][j];document.head.appendChild(l)}return}}})()`,
  );
}

/**
 * Each screen is a lazily loaded chunk, found only once the app shell has downloaded and run: one more
 * round trip before the page can render. This build step writes into index.html a tiny script that looks
 * at the URL and preloads that page's chunks (and their imports the shell does not already load) in
 * parallel with the shell, both once the HTML has been painted (afterFirstPaint). It also preloads the one
 * font file the first paint uses.
 */
export function routePreload(options: { root: string; routes: RoutePage[]; fonts?: RegExp[] }): Plugin {
  return {
    name: 'ooh-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
          return into;
        };
        const shell = closure(entry.fileName, new Set());
        const table: Array<[string, string[]]> = options.routes.map(([pattern, module]) => {
          const id = path.resolve(options.root, module);
          const page =
            chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!page) throw new Error(`route-preload: no chunk for ${module} (route ${pattern})`);
          const files = [...closure(page.fileName, new Set())].filter((f) => !shell.has(f));
          return [routeRegExp(pattern), files];
        });
        const base = ctx.path.replace(/[^/]*$/, '');
        const tags: HtmlTagDescriptor[] = [
          { tag: 'script', children: preloadScript(table, base), injectTo: 'head-prepend' },
        ];
        for (const font of options.fonts ?? []) {
          const asset = Object.values(bundle).find((a) => a.type === 'asset' && font.test(a.fileName));
          if (!asset) throw new Error(`route-preload: no font asset matches ${font}`);
          tags.push({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: base + asset.fileName,
            },
            injectTo: 'head',
          });
        }
        return { html: deferEntry(html), tags };
      },
    },
  };
}
