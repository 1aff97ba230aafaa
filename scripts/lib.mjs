import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The web build's server half (React Router's server build), written last by the build. */
export const WEB_DIST_INDEX = path.join(ROOT, 'apps/web/dist/server/index.js');
/** The compiled API that `npm start` runs (scripts/lib.mjs buildApi). */
export const API_SERVER = path.join(ROOT, 'apps/api/dist/server.js');
/**
 * How Node runs the compiled API: `npm start` (scripts/start.mjs) and the bench's servers
 * (scripts/bench/server.ts, lighthouse.ts) take this one list, so the bench measures the process users run
 * (docs/decisions/064).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];

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

/**
 * Whether the build tools (devDependencies: esbuild, React Router's Vite build) are installed. An install
 * made with `npm ci --omit=dev` (the image, decision 070) has only the compiled output and runs it as it is.
 */
export function hasBuildToolchain() {
  return (
    existsSync(path.join(ROOT, 'node_modules/esbuild/package.json')) &&
    existsSync(path.join(ROOT, 'node_modules/@react-router/dev/bin.js'))
  );
}

/** True when the built SPA is missing or older than its sources. */
export function webBuildIsStale() {
  if (!existsSync(WEB_DIST_INDEX)) return true;
  const built = statSync(WEB_DIST_INDEX).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/react-router.config.ts',
    'apps/web/build',
    'packages/shared/src',
  ];
  return sources.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

export async function buildWeb() {
  const started = Date.now();
  const code = await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'apps/web'),
      // A production bundle whatever the server's own NODE_ENV: under `NODE_ENV=development npm start` (the
      // browser journeys' server) Vite would otherwise build React's development JSX runtime, which the
      // server build cannot run ("jsxDEV is not a function").
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (code !== 0) throw new Error('The web build failed.');
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** True when the compiled API is missing or older than its sources (or than how it is built: this file). */
export function apiBuildIsStale() {
  if (!existsSync(API_SERVER)) return true;
  const built = statSync(API_SERVER).mtimeMs;
  const sources = [
    'apps/api/src',
    'apps/api/package.json',
    'packages/shared/src',
    'packages/shared/package.json',
    'scripts/lib.mjs',
  ];
  return sources.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

/**
 * Compiles the API into one ES module, apps/api/dist/server.js, so `npm start` runs JavaScript and not
 * TypeScript through tsx. Our own code and @ooh/shared (TypeScript sources) are bundled; every other
 * package stays an import that Node resolves from node_modules as usual. Files the server reads at run
 * time (migrations, the web build) are found from the apps/api folder, not from the module's own path
 * (apps/api/src/lib/paths.ts), so they resolve the same from src and from dist. Written to temporary
 * names and renamed, so two starts building at once never run a half-written file.
 */
export async function buildApi() {
  const started = Date.now();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'apps/api/src/server.ts')],
    outfile: API_SERVER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@ooh/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // esbuild's helper process would otherwise live on beside the server.
  await esbuild.stop();
  mkdirSync(path.dirname(API_SERVER), { recursive: true });
  // The map first: a start that sees the new server.js finds its map too.
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  console.log(`Compiled the API in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
