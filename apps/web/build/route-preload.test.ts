import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScript, routeRegExp } from './route-preload';

const TABLE: Array<[string, string[], string?]> = [
  [routeRegExp('/'), ['assets/home.js']],
  [routeRegExp('/product/:productId'), ['assets/product.js', 'assets/card.js'], '/api/product/:productId'],
];

/** Runs the script index.html gets, as the browser would at `path`. */
function runAt(path: string) {
  window.history.pushState({}, '', path);
  // biome-ignore lint/security/noGlobalEval: the script is ours, built from the table above
  window.eval(preloadScript(TABLE, '/'));
}
const links = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  window.__oohEarly = undefined;
  vi.unstubAllGlobals();
});

describe('the route preload script of index.html', () => {
  it('matches route patterns with their parameters, and nothing longer', () => {
    const product = new RegExp(routeRegExp('/campaign/:campaignId/product/:productId'));
    expect('/campaign/4/product/17'.match(product)?.groups).toEqual({ campaignId: '4', productId: '17' });
    expect(product.test('/campaign/4/product/17/')).toBe(true);
    expect(product.test('/campaign/4/product/17/x')).toBe(false);
    expect(new RegExp(routeRegExp('/')).test('/cart')).toBe(false);
  });

  it('preloads the chunks of the page it opens at, and fetches no data for a page without any', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runAt('/');
    expect(links('modulepreload')).toEqual(['/assets/home.js']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__oohEarly).toBeUndefined();
  });

  it("starts the product's API answer at once and preloads its first photo", async () => {
    const product = { id: 17, images: ['/media/sites/a.svg', '/media/sites/b.svg'] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(product), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    runAt('/product/17');
    expect(links('modulepreload')).toEqual(['/assets/product.js', '/assets/card.js']);
    expect(fetchMock).toHaveBeenCalledWith('/api/product/17', { headers: { accept: 'application/json' } });
    await expect(window.__oohEarly?.['/api/product/17']).resolves.toEqual(product);
    await vi.waitFor(() => expect(links('preload')).toEqual(['/media/sites/a.svg']));
  });

  it('leaves a refused answer to the app (null), which then asks again and shows the error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{}}', { status: 404 })),
    );
    runAt('/product/999');
    await expect(window.__oohEarly?.['/api/product/999']).resolves.toBeNull();
    expect(links('preload')).toEqual([]);
  });
});
