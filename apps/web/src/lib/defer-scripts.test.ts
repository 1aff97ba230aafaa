import { describe, expect, it, vi } from 'vitest';
import { deferScripts } from './defer-scripts';

// What React Router 7 writes for a page (its <Scripts> with a nonce), as the server renders it.
const PAGE = [
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N"/>',
  '<link rel="preload" as="font" href="/assets/inter.woff2"/></head><body><main>Page</main>',
  '<script nonce="N">window.__reactRouterContext = {};</script>',
  '<script nonce="N" type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-3.js";\nimport * as route1 from "/assets/home-4.js";\n',
  'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-2.js");</script>',
  '</body></html>',
].join('');

/** Runs the rewritten inline script in a stand-in document and reports what it loads and when. */
function run(html: string, visibility: 'visible' | 'hidden') {
  const script = /<script nonce="N">(\(function[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no deferred script');
  const imported: string[] = [];
  const preloaded: string[] = [];
  const frames: Array<() => void> = [];
  /** How many preloads were in the document each time the script gave the browser its turn back. */
  const yields: number[] = [];
  const win: Record<string, unknown> = {};
  const modules: Record<string, unknown> = {
    '/assets/root-3.js': { name: 'root' },
    '/assets/home-4.js': { name: 'home' },
  };
  const load = (specifier: string) => {
    imported.push(specifier);
    return Promise.resolve(modules[specifier] ?? {});
  };
  const document = {
    visibilityState: visibility,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { appendChild: (l: { rel: string; href: string }) => preloaded.push(`${l.rel} ${l.href}`) },
  };
  const body = script.replace(/\bimport\(/g, 'load(').replace(/window\./g, 'win.');
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'load', 'win', body)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => {
      yields.push(preloaded.length);
      f();
    },
    load,
    win,
  );
  return { imported, preloaded, frames, win, yields };
}

describe('deferScripts', () => {
  it('moves the preloads and the module imports to after the first paint, keeping the nonce', async () => {
    const html = deferScripts(PAGE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="preload" as="font" href="/assets/inter.woff2"/>');
    expect(html).toContain('<main>Page</main>');
    const { imported, preloaded, frames, win } = run(html, 'visible');
    expect(imported).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]();
    expect(preloaded).toEqual([
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
    ]);
    expect(imported).toEqual(['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js']);
    await vi.waitFor(() => expect(imported).toContain('/assets/entry.client-2.js'));
    // The route modules are registered under their ids before the client entry runs.
    expect(win.__reactRouterRouteModules).toEqual({
      root: { name: 'root' },
      'routes/home': { name: 'home' },
    });
  });

  it('adds a long list of preloads a few per task, all before the first import', () => {
    const many = Array.from(
      { length: 9 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js"/>`,
    );
    const page = PAGE.replace(
      '<link rel="preload" as="font"',
      `${many.join('')}<link rel="preload" as="font"`,
    );
    const { imported, preloaded, frames, yields } = run(deferScripts(page), 'visible');
    frames[0]();
    expect(preloaded).toHaveLength(11);
    expect(preloaded[10]).toBe('modulepreload /assets/chunk-8.js');
    // The first turn is the one after the first frame; then one per batch of four.
    expect(yields).toEqual([0, 4, 8]);
    expect(imported[0]).toBe('/assets/manifest-1.js');
  });

  it('starts at once in a hidden tab, which paints nothing', () => {
    const { imported, frames } = run(deferScripts(PAGE), 'hidden');
    expect(frames).toHaveLength(0);
    expect(imported[0]).toBe('/assets/manifest-1.js');
  });

  it("refuses a page without the framework's module script rather than sending one that never starts", () => {
    expect(() => deferScripts('<html><body></body></html>')).toThrow(/one module script/);
  });
});
