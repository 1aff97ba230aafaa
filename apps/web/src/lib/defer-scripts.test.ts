import { describe, expect, it, vi } from 'vitest';
import { deferScripts, PAINT_WAIT_MS } from './defer-scripts';

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
function run(html: string, visibility: 'visible' | 'hidden', options: { paintEntries?: boolean } = {}) {
  const script = /<script nonce="N">(\(function[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no deferred script');
  const imported: string[] = [];
  const preloaded: string[] = [];
  const frames: Array<() => void> = [];
  /** Timers set with a delay (the longest wait for a paint); the others run at once. */
  const timers: Array<{ run: () => void; ms: number }> = [];
  /** How many preloads were in the document each time the script gave the browser its turn back. */
  const yields: number[] = [];
  const listeners: Array<() => void> = [];
  const observers: Array<
    (list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void
  > = [];
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
    visibilityState: visibility as string,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { appendChild: (l: { rel: string; href: string }) => preloaded.push(`${l.rel} ${l.href}`) },
    addEventListener: (type: string, f: () => void) => {
      if (type === 'visibilitychange') listeners.push(f);
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintEntries === false ? ['mark'] : ['mark', 'paint'];
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe() {
      observers.push(this.callback);
    }
  }
  const body = script.replace(/\bimport\(/g, 'load(').replace(/window\./g, 'win.');
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', 'load', 'win', body)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void, ms?: number) => {
      if (ms) return timers.push({ run: f, ms });
      yields.push(preloaded.length);
      f();
    },
    PerformanceObserver,
    load,
    win,
  );
  /** The browser reports a paint entry named `name`. */
  const paint = (name: string) => {
    for (const observer of observers)
      observer({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => {} });
  };
  const hide = () => {
    document.visibilityState = 'hidden';
    for (const f of listeners) f();
  };
  return { imported, preloaded, frames, timers, win, yields, paint, hide };
}

describe('deferScripts', () => {
  it('moves the preloads and the module imports to after the first paint, keeping the nonce', async () => {
    const html = deferScripts(PAGE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="preload" as="font" href="/assets/inter.woff2"/>');
    expect(html).toContain('<main>Page</main>');
    const { imported, preloaded, win, paint } = run(html, 'visible');
    expect(imported).toEqual([]);
    // A first paint of the background alone is not the page painted.
    paint('first-paint');
    expect(imported).toEqual([]);
    paint('first-contentful-paint');
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
    const { imported, preloaded, yields, paint } = run(deferScripts(page), 'visible');
    paint('first-contentful-paint');
    expect(preloaded).toHaveLength(11);
    expect(preloaded[10]).toBe('modulepreload /assets/chunk-8.js');
    // The first turn is the one after the paint; then one per batch of four.
    expect(yields).toEqual([0, 4, 8]);
    expect(imported[0]).toBe('/assets/manifest-1.js');
  });

  it('starts at once in a hidden tab, which paints nothing', () => {
    const { imported, frames } = run(deferScripts(PAGE), 'hidden');
    expect(frames).toHaveLength(0);
    expect(imported[0]).toBe('/assets/manifest-1.js');
  });

  it('starts once, after a frame where the browser reports no paints, when the tab is hidden or after a wait', () => {
    const noEntries = run(deferScripts(PAGE), 'visible', { paintEntries: false });
    expect(noEntries.imported).toEqual([]);
    expect(noEntries.frames).toHaveLength(1);
    noEntries.frames[0]();
    expect(noEntries.imported[0]).toBe('/assets/manifest-1.js');

    const hidden = run(deferScripts(PAGE), 'visible');
    hidden.hide();
    expect(hidden.imported[0]).toBe('/assets/manifest-1.js');

    const slow = run(deferScripts(PAGE), 'visible');
    expect(slow.timers.map((t) => t.ms)).toEqual([PAINT_WAIT_MS]);
    slow.timers[0].run();
    expect(slow.imported).toHaveLength(3);
    // The paint that comes after the wait starts nothing a second time.
    slow.paint('first-contentful-paint');
    slow.hide();
    expect(slow.imported).toHaveLength(3);
  });

  it("refuses a page without the framework's module script rather than sending one that never starts", () => {
    expect(() => deferScripts('<html><body></body></html>')).toThrow(/one module script/);
  });
});
