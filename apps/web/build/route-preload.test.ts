import { afterEach, describe, expect, it } from 'vitest';
import { preloadScript, routeRegExp } from './route-preload';

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

  it('preloads the chunks of the page it opens at, and only those', () => {
    runAt('/product/17');
    expect(links('modulepreload')).toEqual(['/assets/product.js', '/assets/card.js']);
    document.head.innerHTML = '';
    runAt('/');
    expect(links('modulepreload')).toEqual(['/assets/home.js']);
  });
});
