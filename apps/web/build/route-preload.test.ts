import { afterEach, describe, expect, it } from 'vitest';
import { deferEntry, preloadScript, routeRegExp } from './route-preload';

const TABLE: Array<[string, string[]]> = [
  [routeRegExp('/'), ['assets/home.js']],
  [routeRegExp('/product/:productId'), ['assets/product.js', 'assets/card.js']],
];

/** Runs the script index.html gets, as the browser would at `path`. */
function runAt(path: string) {
  window.history.pushState({}, '', path);
  // biome-ignore lint/security/noGlobalEval: the script is ours, built from the table above
  window.eval(preloadScript(TABLE, '/'));
}
/** Until after the next frame and the task the script queues from it. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const links = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the route preload script of index.html', () => {
  it('matches route patterns with their parameters, and nothing longer', () => {
    const product = new RegExp(routeRegExp('/campaign/:campaignId/product/:productId'));
    expect('/campaign/4/product/17'.match(product)?.groups).toEqual({ campaignId: '4', productId: '17' });
    expect(product.test('/campaign/4/product/17/')).toBe(true);
    expect(product.test('/campaign/4/product/17/x')).toBe(false);
    expect(new RegExp(routeRegExp('/')).test('/cart')).toBe(false);
  });

  it('preloads the chunks of the page it opens at, and only those, once the page has been painted', async () => {
    runAt('/product/17');
    // Nothing is fetched before the first frame: the prerendered HTML paints without waiting for the app.
    expect(links('modulepreload')).toEqual([]);
    await nextFrame();
    expect(links('modulepreload')).toEqual(['/assets/product.js', '/assets/card.js']);
    document.head.innerHTML = '';
    runAt('/');
    await nextFrame();
    expect(links('modulepreload')).toEqual(['/assets/home.js']);
  });

  it('preloads at once in a hidden tab, which paints no frame', () => {
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      runAt('/');
      expect(links('modulepreload')).toEqual(['/assets/home.js']);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      if (visibility) expect(document.visibilityState).not.toBe('hidden');
    }
  });

  it('starts the app from an inline module that imports the entry after the first paint', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>';
    const deferred = deferEntry(html);
    expect(deferred).not.toContain('src=');
    expect(deferred).toMatch(
      /^<head><script type="module">\(function\(\)\{function go\(\)\{import\("\/assets\/index-abc\.js"\)\}/,
    );
    expect(() => deferEntry('<head></head>')).toThrow(/no entry/);
  });
});
