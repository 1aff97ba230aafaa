import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';

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
      // The bundler's own chunking, no hand-made groups (docs/decisions/068-the-standard-path.md): groups
      // made by hand formed import cycles between chunks, which the build then had to refuse.
      treeshake: {
        // @ooh/shared is one barrel of zod schemas (built when their module runs) and pure rules. Declared
        // free of side effects, a page that needs one constant no longer pulls every schema and zod itself
        // into the app shell.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
