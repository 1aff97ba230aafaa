import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the built SPA is missing or older than its sources. */
export function webBuildIsStale() {
  if (!existsSync(WEB_DIST_INDEX)) return true;
  const built = statSync(WEB_DIST_INDEX).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/shared/src',
  ];
  return sources.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

export async function buildWeb() {
  const started = Date.now();
  const code = await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'apps/web'),
    },
  );
  if (code !== 0) throw new Error('The web build failed.');
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
