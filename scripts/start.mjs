// npm start: build the SPA and compile the API if either is missing or stale, then serve the whole product
// on one port with plain Node (no TypeScript at run time). SIGTERM and SIGINT are passed on to the server,
// which drains and exits by itself (docs/product-rules.md section 1); this process then exits with the server's status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import {
  API_SERVER,
  apiBuildIsStale,
  buildApi,
  buildWeb,
  ROOT,
  SERVER_NODE_FLAGS,
  webBuildIsStale,
} from './lib.mjs';

// WEB_DIST names a web build of the operator's own (tests use a stand-in): nothing of ours to build then.
if (!process.env.WEB_DIST && webBuildIsStale()) {
  console.log('Building the web app...');
  await buildWeb();
}
if (apiBuildIsStale()) await buildApi();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, API_SERVER], {
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
