import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
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
  },
});
