// npm run dev: the API with reload on :3001 and the web app's dev server on :5173 (proxying /api and /media).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/api/src/server.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  // React Router's dev server (Vite with the framework's plugin): pages rendered on request, loaders asking
  // the API at API_URL (apps/web/src/lib/server-api.ts).
  spawn(process.execPath, [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'dev'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
