/**
 * The ceilings `npm run bench` starts itself in the same run (issue 23), each as a child process like the
 * product: a bare Fastify answering the product's own answer bytes (bare-fastify.ts), and the stripped
 * node:http server replaying the product's SQL for the uncached reads (stripped-server.ts, decision 031).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions } from './args.ts';
import { runLoad, settle, timed, warmUp } from './autocannon.ts';
import { captureStatements } from './capture-sql.ts';
import { BENCH_TMP } from './catalogue.ts';
import type { StaticServer } from './nginx.ts';
import type { Scenario } from './scenarios.ts';
import { ROOT, stopChild, waitFor } from './server.ts';
import type { StrippedManifest } from './stripped-server.ts';
import type { Row } from './table.ts';

const log = (line: string) => console.error(`[bench] ${line}`);

/** One read the bare Fastify answers: the product's bytes for `method path`. */
export interface CapturedAnswer {
  method: 'GET' | 'POST';
  /** The request path with its query, as the bench sends it to the product. */
  path: string;
  bytes: Buffer;
  /** The answer's headers but those each server writes for itself (date, length, connection). */
  headers: Record<string, string>;
}

/** Headers every HTTP server writes for itself; the rest of the product's answer is copied byte for byte. */
const OWN_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

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
    return { route: routeOf(i), method: a.method, file, headers: a.headers };
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

/**
 * The product's answer to every request that has a bare-Fastify ceiling (no compression asked): its body
 * and its headers (about 1 KB of security headers on every answer), so the ceiling writes the same bytes.
 */
export async function captureAnswers(baseUrl: string, scenarios: Scenario[]): Promise<CapturedAnswer[]> {
  const out: CapturedAnswer[] = [];
  for (const s of scenarios.filter((x) => x.ceiling === 'fastify')) {
    const res = await fetch(`${baseUrl}${s.path}`, {
      method: s.method ?? 'GET',
      headers: { ...s.headers, 'accept-encoding': 'identity' },
      body: s.body,
    });
    if (!res.ok) throw new Error(`${s.method ?? 'GET'} ${s.path}: ${res.status}`);
    out.push({
      method: s.method === 'POST' ? 'POST' : 'GET',
      path: s.path,
      bytes: Buffer.from(await res.arrayBuffer()),
      headers: Object.fromEntries([...res.headers].filter(([name]) => !OWN_HEADERS.has(name))),
    });
  }
  return out;
}

/** Runs `scenario`'s request shape against a ceiling's route at the row's connections (warmed up once). */
export async function loadCeiling(
  options: BenchOptions,
  url: string,
  scenario: Scenario,
  connections: number,
) {
  // A GET ceiling is settled like the product (a queue left in PGlite would count against the next cell).
  const get = (scenario.method ?? 'GET') === 'GET';
  let idleMs = idle.get(url);
  if (idleMs === undefined) {
    await timed(url);
    idleMs = Math.min(await timed(url), await timed(url));
    idle.set(url, idleMs);
    await warmUp(options, url, scenario);
    if (get) await settle(url, idleMs);
  }
  const r = await runLoad({
    url,
    connections,
    durationSeconds: options.durationSeconds,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
  if (get) await settle(url, idleMs);
  return r;
}

/** The ceilings running while the product's cells are measured (docs/decisions/049). */
export interface LiveCeilings {
  bare?: { server: StaticServer; answers: CapturedAnswer[] };
  stripped?: { server: StaticServer; paths: string[] } | null;
}

/** The stripped server for the uncached reads among `scenarios`, their statements captured first. */
export async function startStrippedFor(
  options: BenchOptions,
  db: 'pglite' | 'postgres',
  where: string,
  scenarios: Scenario[],
): Promise<{ server: StaticServer; paths: string[] } | null> {
  const paths = [...new Set(scenarios.filter((x) => x.ceiling === 'stripped').map((x) => x.path))];
  if (paths.length === 0) return null;
  const target = db === 'postgres' ? { kind: db, url: where } : { kind: db, dataDir: where };
  const statements = await captureStatements(target, paths);
  for (const p of paths) log(`stripped ${p}: ${statements.get(p)?.length ?? 0} statements`);
  const manifest: StrippedManifest = {
    kind: db,
    ...(db === 'postgres' ? { url: where } : { dataDir: where }),
    // The product's pool (scripts/bench/server.ts sets DATABASE_POOL_SIZE=20).
    poolSize: 20,
    reads: paths.map((p, i) => ({ route: routeOf(i), statements: statements.get(p) ?? [] })),
  };
  const server = await startStripped(options.port + 3, manifest, path.join(BENCH_TMP, 'stripped.log'));
  return { server, paths };
}

/** The row's ceiling cell, at its connections, right after the row (or after the product for PGlite). */
export async function ceilingCell(options: BenchOptions, scenario: Scenario, row: Row, live: LiveCeilings) {
  let url: string | undefined;
  let name: 'bare Fastify' | 'stripped' = 'bare Fastify';
  if (scenario.ceiling === 'fastify' && live.bare) {
    const i = live.bare.answers.findIndex(
      (a) => a.path === scenario.path && (a.method === 'POST') === (scenario.method === 'POST'),
    );
    url = `${live.bare.server.url}${routeOf(i)}`;
  } else if (scenario.ceiling === 'stripped' && live.stripped) {
    url = `${live.stripped.server.url}${routeOf(live.stripped.paths.indexOf(scenario.path))}`;
    name = 'stripped';
  }
  if (!url) return;
  // The stripped server reads no header: the dev key is the product's business.
  const shape = name === 'stripped' ? { ...scenario, headers: undefined } : scenario;
  const r = await loadCeiling(options, url, shape, row.connections);
  row.ceiling = { name, rps: r.rps, p50: r.p50, p99: r.p99 };
  log(
    `${name} ${scenario.name} c=${row.connections}: ${r.rps.toFixed(0)} req/s (ratio ${(row.rps / r.rps).toFixed(2)})`,
  );
}

/** Each ceiling route's idle answer time, measured before its first load. */
const idle = new Map<string, number>();
