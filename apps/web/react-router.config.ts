import type { Config } from '@react-router/dev/config';

/**
 * React Router in framework mode (docs/decisions/043-routing-framework.md): src/routes.ts is the one route
 * table, every page is rendered on the server by the API's process (apps/api/src/plugins/web-app.ts) and
 * hydrated. The build goes to dist/client (served as files) and dist/server/index.js (the request handler);
 * WEB_BUILD_DIR lets the benchmark build elsewhere.
 */
export default {
  appDirectory: 'src',
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'dist',
  ssr: true,
  // The page carries only its own routes' part of the manifest; the rest is asked for (/__manifest) as links
  // to other routes appear. The whole manifest, with the consoles' hundreds of chunks, was 46 KB (brotli) on
  // every first load.
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
