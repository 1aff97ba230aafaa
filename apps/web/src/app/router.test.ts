import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from '../../build/routes';

// index.html preloads the chunks of the page at the URL it opens (build/route-preload.ts). A route added to
// the router but not to ROUTE_PAGES, or pointing at another page, would load one round trip late.
const source = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
const lazyModules = new Map(
  [...source.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map((m) => [
    m[1],
    `src/${m[2]}.tsx`,
  ]),
);
const routes = [
  ...source.matchAll(/<Route\s+path="([^"*]+)"\s+element=\{(?:page|browserPage)\(<(\w+) \/>, [^)]+\)\}/g),
].map((m) => [m[1], lazyModules.get(m[2])]);

describe('the route table of the build', () => {
  it('reads every page route of the router', () => {
    expect(routes.length).toBeGreaterThanOrEqual(16);
    expect(routes.every(([, module]) => module !== undefined)).toBe(true);
  });

  it('names the same routes with the same page modules as the router, in the same order', () => {
    expect(ROUTE_PAGES.map(([pattern, module]) => [pattern, module])).toEqual(routes);
  });
});
