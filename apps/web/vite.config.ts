import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { routePreload } from './build/route-preload.ts';
import { ROUTE_PAGES } from './build/routes.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    routePreload({
      root: import.meta.dirname,
      routes: ROUTE_PAGES,
      fonts: [/inter-latin-wght-normal-[\w-]+\.woff2$/],
    }),
    prerender({ root: import.meta.dirname, entry: 'src/entry-prerender.tsx', routes: ROUTE_PAGES }),
    precompress(),
    chunkModules({ root: import.meta.dirname }),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // .vite/manifest.json: the benchmark reads each route's first-load chunks from it (never served).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app shell in one file rather than a dozen small ones (each a round trip on a slow link).
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // @ooh/shared is one barrel of zod schemas (built when their module runs) and pure rules. Declared
        // free of side effects, a page that needs one constant no longer pulls every schema and zod itself
        // into the app shell.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
