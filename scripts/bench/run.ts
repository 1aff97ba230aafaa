/**
 * npm run bench [-- flags]: API throughput and latency per catalogue size, database and connection count,
 * with an nginx ceiling for the catalogue reads. Prints one table and writes it to bench/results.md.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startRecipeNginx } from '../../apps/api/test/replica-topology.ts';
import { type BenchOptions, parseBenchArgs, USAGE } from './args.ts';
import { runLoad, settle, timed, untilIdle, warmUp } from './autocannon.ts';
import { BENCH_TMP, preparePglite, preparePostgres } from './catalogue.ts';
import {
  captureAnswers,
  ceilingCell,
  type LiveCeilings,
  startBareFastify,
  startStrippedFor,
} from './ceilings.ts';
import { runWebBench } from './lighthouse.ts';
import { ensureNginx, startNginx } from './nginx.ts';
import {
  bookAndPayScenario,
  fetchSites,
  orderPageScenario,
  readScenarios,
  type Scenario,
} from './scenarios.ts';
import { ROOT, startApi } from './server.ts';
import { runImportBench } from './site-import.ts';
import { goalSummary, median, type Row, ratioOf, renderTable, targetSummary } from './table.ts';

const log = (line: string) => console.error(`[bench] ${line}`);
const key = (sites: number, scenario: string, connections: number) => `${sites}|${scenario}|${connections}`;

/** nginx rps per (sites, read scenario, connections), serving the bytes the API answered for that read. */
async function measureCeilings(
  options: BenchOptions,
  apiUrl: string,
  sites: number,
  reads: Scenario[],
  ceilings: Map<string, number>,
): Promise<void> {
  const files = new Map<string, Buffer>();
  for (const [i, read] of reads.entries()) {
    const res = await fetch(`${apiUrl}${read.path}`);
    if (!res.ok) throw new Error(`GET ${read.path}: ${res.status}`);
    files.set(`read-${i}.json`, Buffer.from(await res.arrayBuffer()));
  }
  const nginx = await startNginx(options.port + 1, files);
  // Issue 43: the same reads through deploy/nginx.conf's proxy_cache in front of the product (port + 4),
  // each cell right after nginx serving the same bytes from a file, at the same connections.
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-proxy-'));
  chmodSync(cacheDir, 0o755);
  const proxy = await startRecipeNginx({
    upstreamPorts: [Number(new URL(apiUrl).port)],
    listenPort: options.port + 4,
    dir: path.join(cacheDir, 'nginx'),
    // As many workers as the file-serving nginx it is compared with.
    workerProcesses: 1,
  });
  try {
    for (const [i, read] of reads.entries()) {
      for (const connections of options.connections) {
        const r = await runLoad({
          url: `${nginx.url}/read-${i}.json`,
          connections,
          durationSeconds: options.durationSeconds,
        });
        ceilings.set(key(sites, read.name, connections), r.rps);
        log(`nginx ${sites} ${read.name} c=${connections}: ${r.rps.toFixed(0)} req/s`);
        const cached = await proxyCacheCell(options, `${proxy.url}${read.path}`, connections);
        proxyCells.push({ sites, read: read.name, connections, staticRps: r.rps, ...cached });
        log(
          `nginx proxy_cache ${sites} ${read.name} c=${connections}: ${cached.rps.toFixed(0)} req/s (${cached.cache})`,
        );
      }
    }
  } finally {
    await nginx.stop();
    await proxy.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Cached reads through nginx's proxy_cache (issue 43's bar: at least 0.8x nginx serving the same bytes). */
interface ProxyCell {
  sites: number;
  read: string;
  connections: number;
  staticRps: number;
  rps: number;
  p99: number;
  failed: number;
  /** X-Proxy-Cache of a request after the cell: HIT when the cell measured the cache. */
  cache: string;
}
const proxyCells: ProxyCell[] = [];

async function proxyCacheCell(options: BenchOptions, url: string, connections: number) {
  // One request fills the cache (a MISS), as a first visitor would; the cell measures the HITs after it.
  await cacheStatusOf(url);
  const r = await runLoad({ url, connections, durationSeconds: options.durationSeconds });
  return { rps: r.rps, p99: r.p99, failed: r.failed, cache: await cacheStatusOf(url) };
}

/** X-Proxy-Cache of one GET sent as autocannon sends it (no Accept-Encoding, which is in the cache key). */
function cacheStatusOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['x-proxy-cache'] ?? '')));
      })
      .on('error', reject);
  });
}

function proxyCacheTable(): string[] {
  if (!proxyCells.length) return [];
  const ratios = proxyCells.map((c) => c.rps / c.staticRps);
  return [
    'Cached reads through nginx proxy_cache (deploy/nginx.conf in front of the product) vs nginx serving the same bytes from a file, both one nginx worker, same connections and duration, the proxy cell right after its file cell (issue 43 bar: >= 0.80x):',
    '',
    '| sites | read | conns | nginx file req/s | proxy_cache req/s | p99 ms | failed | X-Proxy-Cache | ratio |',
    '|---|---|---|---|---|---|---|---|---|',
    ...proxyCells.map(
      (c) =>
        `| ${c.sites} | ${c.read} | ${c.connections} | ${c.staticRps.toFixed(0)} | ${c.rps.toFixed(0)} | ${c.p99} | ${c.failed} | ${c.cache} | ${(c.rps / c.staticRps).toFixed(2)}x |`,
    ),
    '',
    `proxy_cache vs nginx file: median ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x over ${ratios.length} cells).`,
  ];
}

async function benchOne(
  options: BenchOptions,
  db: 'pglite' | 'postgres',
  sites: number,
  jwtSecret: string,
  ceilings: Map<string, number> | null,
  rows: Row[],
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-'));
  const postgres = db === 'postgres' ? await preparePostgres(sites, log) : null;
  try {
    if (db === 'pglite') await preparePglite(sites, dataDir, log);
    const logFile = path.join(BENCH_TMP, `server-${db}-${sites}.log`);
    const server = await startApi({
      port: options.port,
      jwtSecret,
      dataDir,
      databaseUrl: postgres?.url,
      logFile,
    });
    log(`${db} ${sites}: server up (log in ${path.relative(ROOT, logFile)})`);
    const measured: Array<{ scenario: Scenario; row: Row }> = [];
    const live: LiveCeilings = {};
    let scenarios: Scenario[] = [];
    try {
      const catalogue = await fetchSites(server.url);
      const probe = `${server.url}/api/product/${catalogue[0].id}`;
      await timed(probe);
      const idleMs = Math.min(await timed(probe), await timed(probe));
      const only = options.only?.split('|');
      const wanted = (s: Scenario) => !only || only.some((part) => s.name.includes(part));
      const reads = readScenarios(catalogue, server.devKey).filter(wanted);
      const first = reads.find((s) => s.read);
      if (ceilings && first && !ceilings.has(key(sites, first.name, options.connections[0]))) {
        await measureCeilings(
          options,
          server.url,
          sites,
          reads.filter((s) => s.read && !s.ceilingOf),
          ceilings,
        );
      }
      const orderPage = await orderPageScenario(catalogue, server.url, server.devKey);
      const flow = await bookAndPayScenario(catalogue, jwtSecret, server.url);
      scenarios = [...reads, ...[orderPage, flow].filter(wanted)];
      if (options.ceilings) {
        // The bytes the bare Fastify answers: the product's own answer to each request, taken now.
        const answers = await captureAnswers(server.url, scenarios);
        if (answers.length) {
          const logFile = path.join(BENCH_TMP, 'bare-fastify.log');
          live.bare = { server: await startBareFastify(options.port + 2, answers, logFile), answers };
        }
        // PostgreSQL serves both at once: each ceiling cell runs right after the product's, on the same
        // machine load. PGlite's data directory is one process's: its stripped cells run after the product.
        if (db === 'postgres' && postgres)
          live.stripped = await startStrippedFor(options, db, postgres.url, scenarios);
      }
      for (const scenario of scenarios) {
        // Unmeasured: the first seconds of a route run cold code (JIT, PGlite's pages) in any server.
        if (!scenario.requests) {
          await warmUp(options, `${server.url}${scenario.path}`, scenario);
          await settle(probe, idleMs);
        }
        for (const connections of options.connections) {
          // A goal cell is measured as pairs (product, then its ceiling right after); others once.
          const rounds = scenario.goal === undefined ? 1 : options.rounds;
          const pairs: Row[] = [];
          for (let round = 1; round <= rounds; round++) {
            // Not while the server finishes work of its own (a paid order's invoice, a recurring job).
            await untilIdle(server.pid);
            const r = await runLoad({
              url: `${server.url}${scenario.path}`,
              connections,
              durationSeconds: options.durationSeconds,
              method: scenario.method,
              headers: scenario.headers,
              body: scenario.body,
              requests: scenario.requests,
            });
            await settle(probe, idleMs);
            const ceiling = scenario.read
              ? ceilings?.get(key(sites, scenario.ceilingOf ?? scenario.name, connections))
              : undefined;
            const row: Row = { db, sites, scenario: scenario.name, connections, ...r, goal: scenario.goal };
            if (ceiling) row.vsNginx = r.rps / ceiling;
            if (scenario.stepsPerIteration > 1) row.perSecond = r.rps / scenario.stepsPerIteration;
            const of = rounds > 1 ? ` (round ${round} of ${rounds})` : '';
            log(
              `${db} ${sites} ${scenario.name} c=${connections}${of}: ${r.rps.toFixed(1)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.failed ? `, ${r.failed} failed` : ''}`,
            );
            await untilIdle(server.pid);
            await ceilingCell(options, scenario, row, live);
            pairs.push(row);
            // No ceiling in this process to pair with (PGlite's stripped server runs after the product).
            if (!row.ceiling) break;
          }
          const row = medianPair(pairs);
          rows.push(row);
          measured.push({ scenario, row });
        }
      }
    } finally {
      await server.stop();
      await live.bare?.server.stop();
      await live.stripped?.server.stop();
    }
    if (options.ceilings && db === 'pglite') {
      const stripped = await startStrippedFor(options, db, path.join(dataDir, 'pglite'), scenarios);
      try {
        for (const { scenario, row } of measured) await ceilingCell(options, scenario, row, { stripped });
      } finally {
        await stripped?.server.stop();
      }
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The pair whose ratio is the median of the rounds (the lower middle one for an even count), with every
 * round's ratio kept for the table: a real pair of cells, not numbers mixed from different ones.
 */
function medianPair(pairs: Row[]): Row {
  if (pairs.length === 1) return pairs[0];
  const ratios = pairs.map((r) => ratioOf(r) ?? 0);
  const order = pairs.map((_, i) => i).sort((a, b) => ratios[a] - ratios[b]);
  return { ...pairs[order[Math.floor((pairs.length - 1) / 2)]], roundRatios: ratios };
}

/** Medians over catalogue sizes and connection counts, per database and scenario: the headline numbers. */
function summary(rows: Row[]): string[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows)
    groups.set(`${r.db}: ${r.scenario}`, [...(groups.get(`${r.db}: ${r.scenario}`) ?? []), r]);
  return [...groups].map(([name, group]) => {
    const ratios = group.flatMap((r) => (r.vsNginx === undefined ? [] : [r.vsNginx]));
    const ratio = ratios.length ? `, ${(median(ratios) * 100).toFixed(1)}% of nginx` : '';
    return `median ${name}: ${median(group.map((r) => r.rps)).toFixed(1)} req/s, p50 ${median(group.map((r) => r.p50))} ms, p99 ${median(group.map((r) => r.p99))} ms${ratio}`;
  });
}

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const started = new Date();
  const notes: string[] = [
    `${started.toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs; ${options.durationSeconds} s per cell; ` +
      'req/s is the mean, p50/p99 the latency percentiles; the server runs as a child process (SEED=none, LOG_LEVEL=warn).',
    'Book-and-pay: each iteration is 4 requests (book, checkout, sandbox pay, confirm) on its own site and dates; req/s counts requests.',
  ];
  let ceilings: Map<string, number> | null = null;
  if (options.nginx) {
    const nginx = ensureNginx(log);
    if (nginx.ok) ceilings = new Map();
    else notes.push(`nginx ceiling skipped: ${nginx.why}.`);
  } else notes.push('nginx ceiling skipped: --no-nginx.');
  if (ceilings)
    notes.push('vs nginx: the read rps as a share of nginx serving the same response bytes from a file.');
  if (options.ceilings)
    notes.push(
      'ceiling (issue 23), measured in the same run right after the product stops, same connections and duration: ' +
        '"bare Fastify" is Fastify 5 without plugins, hooks or schemas answering the bytes the product answered to ' +
        'that request; "stripped" is node:http with one database client (pg pool of 20 like the product, or PGlite) ' +
        "replaying, as named prepared statements, the statements the product's repositories ran for that read " +
        '(captured from the products service on a logging drizzle), rows straight to JSON.stringify. ratio = req/s ' +
        '/ ceiling req/s; goals apply at 16 and 64 connections.' +
        (options.rounds > 1
          ? ` A cell with a goal is ${options.rounds} rounds of (product, ceiling) pairs; the table shows the pair with the median ratio and every round's ratio.`
          : ''),
    );
  else notes.push('ceilings skipped: --no-ceilings.');

  mkdirSync(BENCH_TMP, { recursive: true });
  const jwtSecret = randomBytes(36).toString('base64url');
  const rows: Row[] = [];
  for (const sites of options.sizes) {
    for (const db of options.dbs) await benchOne(options, db, sites, jwtSecret, ceilings, rows);
  }
  if (ceilings?.size) {
    const values = [...ceilings.values()];
    notes.push(
      `nginx ceiling: median ${median(values).toFixed(0)} req/s (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}).`,
    );
  }
  notes.push(
    ...goalSummary(rows),
    ...summary(rows),
    ...targetSummary(rows),
    options.web ? await runWebBench({ port: options.port + 2, runs: 3, log }) : 'Web: skipped (--no-web).',
    ...(options.import ? await runImportBench(3, log) : ['Import: skipped (--no-import).']),
  );
  const table = [renderTable(rows, notes), '', ...proxyCacheTable()].join('\n');
  console.log(table);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench', 'results.md'), `# Benchmark results\n\n${table}\n`);
  log(`wrote bench/results.md in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`);
}

await main();
