import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';

/**
 * The framework every page runs (React, React DOM, the router, emotion, MUI's styling core, TanStack Query) is
 * one file; each page otherwise asked for ~60 small files, one round trip each on a slow link. The MUI
 * components four or more routes share are grouped by the routes that use them (`entriesAware`), so a page
 * loads only the groups it needs: the home page's first load is 200 KB (brotli) this way, 238 KB with
 * them all in one file. Merging groups under 8 KB into their neighbours keeps the file count down; at 32 KB
 * the merged groups brought the home page back to 253 KB.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@emotion[\\/][^\\/]+|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|DefaultPropsProvider)|@tanstack[\\/][^\\/]+|stylis|clsx|hoist-non-react-statics|react-is|prop-types|@babel[\\/]runtime|cookie|set-cookie-parser)[\\/]/;
const CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK, priority: 2 },
  {
    name: 'shared-ui',
    test: /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/,
    minShareCount: 4,
    priority: 1,
    entriesAware: true,
    entriesAwareMergeThreshold: 8 * 1024,
  },
];

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), precompress(), chunkModules({ root: import.meta.dirname })],
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
  build: {
    sourcemap: false,
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
