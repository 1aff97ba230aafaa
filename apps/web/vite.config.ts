import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { buyerCommon } from './build/buyer-common.ts';
import { noChunkCycles } from './build/chunk-cycles.ts';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';

/**
 * The framework every page runs (React, React DOM, the router, emotion, MUI's styling core, TanStack Query) is
 * one file; each page otherwise asked for ~60 small files, one round trip each on a slow link. The MUI
 * components four or more routes share are grouped by the routes that use them (`entriesAware`), so a page
 * loads only the groups it needs: the home page's first load is 190 KB (brotli) this way, 238 KB with
 * them all in one file. Groups are not merged into their neighbours (`entriesAwareMergeThreshold`): at
 * 8 KB the merge saved three to eight files a page but joined two groups that imported each other, and the
 * sign-in page died on load once the consoles' screens became routes (build/chunk-cycles.ts now refuses
 * such a build); unmerged, each group's routes are a superset of those of any group it imports, so no
 * loop can form, and the order page loads 234 KB instead of 265.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@emotion[\\/][^\\/]+|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|DefaultPropsProvider)|@tanstack[\\/][^\\/]+|stylis|clsx|hoist-non-react-statics|react-is|prop-types|@babel[\\/]runtime|cookie|set-cookie-parser)[\\/]/;
/**
 * The app's own code every page runs (the root route's and the layout's imports: header, footer, theme,
 * providers, session, API client), with what they import that the framework does not hold (the header's MUI
 * parts), are one file, `shell` (build/app-shell.ts); it imports only the framework, so it joins no loop.
 * Grouped by the routes that use them, they were ~30 files of 0.3-1 KB each, and every answer carries ~0.5
 * KB of headers: the home page asked for 52 scripts, 21 now, and loads 24 KB less (docs/decisions/056).
 */
const shell = appShell();
const common = buyerCommon();
const CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK, priority: 5 },
  { name: 'shell', test: shell.isShellModule, priority: 4 },
  { name: 'common', test: common.isCommon, priority: 3 },
  { name: 'buyer-common', test: common.isBuyerCommon, priority: 2 },
  {
    name: 'shared-ui',
    test: /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/,
    minShareCount: 4,
    priority: 1,
    entriesAware: true,
    entriesAwareMergeThreshold: 0,
  },
  // Below shared-ui: MUI's parts they use stay in the groups the other routes share (build/buyer-common.ts).
  { name: common.buyerParts, test: (id: string) => common.buyerParts(id) !== null, priority: 0 },
];

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    shell.plugin,
    common.plugin,
    precompress(),
    chunkModules({ root: import.meta.dirname }),
    noChunkCycles(),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The server build is one self-contained module with React, MUI and emotion in their production builds,
  // whatever NODE_ENV the API runs with: their development builds name classes differently, and hydration
  // would then not match the browser's production bundle.
  ...(command === 'build' && isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  // Workers are named apart (the altcha bot check's): the API sends a worker the full security headers, its
  // own policy, where the other scripts get only those that apply to a script (apps/api/src/plugins/static.ts).
  worker: { rolldownOptions: { output: { entryFileNames: 'assets/worker-[name]-[hash].js' } } },
  build: {
    sourcemap: false,
    // BUILD_NO_MINIFY=1: a build whose profiles name React's functions and the components (bench:long-tasks).
    minify: process.env.BUILD_NO_MINIFY ? false : undefined,
    // .vite/manifest.json: the benchmark reads each route's first-load chunks from it (never served).
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // In the browser build only (the server build is one module): see FRAMEWORK and SHARED_UI below.
      output: isSsrBuild ? {} : { codeSplitting: { groups: CHUNK_GROUPS } },
      treeshake: {
        // @ooh/shared is one barrel of zod schemas (built when their module runs) and pure rules. Declared
        // free of side effects, a page that needs one constant no longer pulls every schema and zod itself
        // into the app shell.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
