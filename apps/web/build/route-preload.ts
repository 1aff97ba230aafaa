import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * A route pattern of the router ("/product/:productId"), the page module it lazily loads and, optionally,
 * the API answer the page renders first ("/api/product/:productId"), fetched by index.html at once.
 */
export type RoutePage = [pattern: string, module: string, data?: string];

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
 * The script run before the app's own: adds a modulepreload for each chunk of the page at this path and,
 * where the route names one, starts fetching the page's API answer (window.__oohEarly, taken once by
 * lib/early-data.ts) and preloads the first of its `images`, the picture the page is going to show.
 */
export function preloadScript(table: Array<[string, string[], string?]>, base: string): string {
  return `(function(){try{var t=${JSON.stringify(table)},p=location.pathname,d=document;function a(r,h,x){var l=d.createElement('link');l.rel=r;l.href=h;if(x)l.as=x;else l.crossOrigin='';d.head.appendChild(l)}for(var i=0;i<t.length;i++){var m=p.match(new RegExp(t[i][0]));if(!m)continue;for(var j=0;j<t[i][1].length;j++)a('modulepreload',${JSON.stringify(base)}+t[i][1][j]);if(t[i][2]&&window.fetch&&!d.getElementById('ooh-server-data')){var u=t[i][2].replace(/:(\\w+)/g,function(_,k){return encodeURIComponent(decodeURIComponent(m.groups[k]))});var f=fetch(u,{headers:{accept:'application/json'}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null});(window.__oohEarly=window.__oohEarly||{})[u]=f;f.then(function(j){var s=j&&j.images&&j.images[0];if(typeof s==='string'&&s.charAt(0)==='/')a('preload',s,'image')})}return}}catch(e){}})()`;
}

/**
 * Each screen is a lazily loaded chunk, found only once the app shell has downloaded and run: one more
 * round trip before the page can render. This build step writes into index.html a tiny script that looks
 * at the URL and preloads that page's chunks (and their imports the shell does not already load) in
 * parallel with the shell. It also preloads the one font file the first paint uses.
 */
export function routePreload(options: { root: string; routes: RoutePage[]; fonts?: RegExp[] }): Plugin {
  return {
    name: 'ooh-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
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
        const table: Array<[string, string[], string?]> = options.routes.map(([pattern, module, data]) => {
          const id = path.resolve(options.root, module);
          const page =
            chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!page) throw new Error(`route-preload: no chunk for ${module} (route ${pattern})`);
          const files = [...closure(page.fileName, new Set())].filter((f) => !shell.has(f));
          return data ? [routeRegExp(pattern), files, data] : [routeRegExp(pattern), files];
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
        return tags;
      },
    },
  };
}
