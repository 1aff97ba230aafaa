/**
 * TODO(issue 6, part 2): the front-end half of the benchmark, not built yet. It must:
 * - build the SPA to a temp dir (`vite build --outDir /tmp/... --emptyOutDir`, never apps/web/dist) and
 *   start the API serving it (WEB_DIST) on a fresh PGlite with the demo catalogue;
 * - run the `lighthouse` npm package (installed pinned through the lock) driving /usr/bin/chromium
 *   (--headless --no-sandbox --disable-gpu --disable-background-networking; never a downloaded browser)
 *   with mobile settings (formFactor mobile, default throttling) on `/`, `/customize` and one product page;
 * - report per page: performance score, LCP, CLS, TBT;
 * - report per route the gzipped size of its first-load JavaScript, from the Vite manifest
 *   (.vite/manifest.json: the route's entry chunk plus its static imports, each gzipped);
 * - return rows for the same results.md table (or a second table below it).
 * Until then the harness adds a note saying this part was skipped.
 */
export async function runLighthouseTodo(): Promise<string> {
  return 'Lighthouse and first-load JS sizes: not measured yet (TODO in scripts/bench/lighthouse.ts).';
}
