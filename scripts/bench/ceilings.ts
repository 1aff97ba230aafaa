/**
 * The ceilings `npm run bench` starts itself in the same run (issue 23), each as a child process like the
 * product: a bare Fastify answering the product's own answer bytes (bare-fastify.ts), and the stripped
 * node:http server replaying the product's SQL for the uncached reads (stripped-server.ts, decision 031).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StaticServer } from './nginx.ts';
import { ROOT, stopChild, waitFor } from './server.ts';
import type { StrippedManifest } from './stripped-server.ts';

/** One read the bare Fastify answers: the product's bytes for `method path`. */
export interface CapturedAnswer {
  method: 'GET' | 'POST';
  /** The request path with its query, as the bench sends it to the product. */
  path: string;
  bytes: Buffer;
}

async function launch(
  script: string,
  dir: string,
  manifestPath: string,
  port: number,
  logFile: string,
): Promise<StaticServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/bench', script), manifestPath, String(port)],
    { cwd: ROOT, stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')] },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/ready`, child, 60_000);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A bare Fastify (no plugins, hooks or schemas) answering each read's route with the product's bytes.
 * Routes are `/c/<i>` so a query string never changes what is matched; `routeOf(i)` names them.
 */
export async function startBareFastify(
  port: number,
  answers: CapturedAnswer[],
  logFile: string,
): Promise<StaticServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-fastify-'));
  const manifest = answers.map((a, i) => {
    const file = path.join(dir, `answer-${i}.json`);
    writeFileSync(file, a.bytes);
    return { route: routeOf(i), method: a.method, file };
  });
  const manifestPath = path.join(dir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return launch('bare-fastify.ts', dir, manifestPath, port, logFile);
}

/** The stripped node:http + database server; its reads are routed as `/c/<i>` in manifest order. */
export async function startStripped(
  port: number,
  manifest: StrippedManifest,
  logFile: string,
): Promise<StaticServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-stripped-'));
  const manifestPath = path.join(dir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return launch('stripped-server.ts', dir, manifestPath, port, logFile);
}

export const routeOf = (i: number) => `/c/${i}`;
