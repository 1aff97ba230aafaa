// npm start: build the SPA and compile the API if either is missing or stale, then serve the whole product
// on one port with plain Node (no TypeScript at run time). SIGTERM and SIGINT are passed on to the server,
// which drains and exits by itself (docs/product-rules.md section 1); this process then exits with the server's status.
// Without the build tools (`npm ci --omit=dev` on a built tree, as the image does) the compiled output runs
// as it is; `npm run migrate` (`--migrate`) applies the migrations and exits (decision 070).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import {
  API_SERVER,
  apiBuildIsStale,
  buildApi,
  buildWeb,
  hasBuildToolchain,
  ROOT,
  SERVER_NODE_FLAGS,
  WEB_DIST_INDEX,
  webBuildIsStale,
} from './lib.mjs';

const args = process.argv.slice(2);
const migrating = args.includes('--migrate');
const toolchain = hasBuildToolchain();
const missing = (what, file) => {
  console.error(
    `${what} is not built (${file} missing) and this install has no build tools (npm ci --omit=dev): run \`npm run build\` where the devDependencies are installed, then install with --omit=dev.`,
  );
  process.exit(1);
};

// WEB_DIST names a web build of the operator's own (tests use a stand-in): nothing of ours to build then.
// A worker (ROLE=worker) and the migrate job serve no pages.
const needsWeb = !process.env.WEB_DIST && !migrating && process.env.ROLE !== 'worker';
if (needsWeb && webBuildIsStale()) {
  if (toolchain) {
    console.log('Building the web app...');
    await buildWeb();
  } else if (!existsSync(WEB_DIST_INDEX)) missing('The web app', WEB_DIST_INDEX);
}
if (apiBuildIsStale()) {
  if (toolchain) await buildApi();
  else if (!existsSync(API_SERVER)) missing('The API', API_SERVER);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, API_SERVER, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  // Without a handler this process would die at once and leave the server running without a parent.
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
