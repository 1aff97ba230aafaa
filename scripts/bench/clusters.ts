/**
 * npm run bench:clusters [-- --sites 100000 --runs 31 --database bench_clusters --keep]: the map's clusters
 * call (GET /api/product/clusters) on a generated PostgreSQL catalogue (issue 23: 100,000 sites, median
 * server time <= 50 ms). Reuses the database when it already holds the catalogue (--keep leaves it for the
 * next run), starts the real server on it, and times sequential uncached calls (the dev key bypasses the
 * catalogue cache) for four map views; prints the medians and the EXPLAIN ANALYZE of India's grouping.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, todayIst } from '@ooh/shared';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { seedCatalogue } from '../../apps/api/src/db/seed/seed.ts';
import { BENCH_TMP } from './catalogue.ts';
import { startApi } from './server.ts';
import { median } from './table.ts';

const log = (line: string) => console.error(`[bench:clusters] ${line}`);

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '31' },
    database: { type: 'string', default: 'bench_clusters' },
    port: { type: 'string', default: '3660' },
    keep: { type: 'boolean', default: false },
  },
});
const sites = Number(values.sites);
const runs = Number(values.runs);
const base = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(
  /\/[^/]*$/,
  '',
);
if (!/^[a-z_][a-z0-9_]*$/.test(values.database)) throw new Error('--database takes a plain name');
const url = `${base}/${values.database}`;

async function ensureCatalogue(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  let live = 0;
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [values.database]);
    if (exists.rowCount) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      live = await client
        .query(`select count(*)::int as n from products where status = 'live'`)
        .then((r) => r.rows[0].n as number)
        .catch(() => 0);
      await client.end();
    }
    if (live === sites) return log(`reusing ${values.database} (${sites} live sites)`);
    await admin.query(`DROP DATABASE IF EXISTS ${values.database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${values.database}`);
  } finally {
    await admin.end();
  }
  log(`seeding ${values.database} with ${sites} sites`);
  const database = await openDatabase({ url });
  try {
    await runMigrations(database);
    await seedCatalogue(database.db, { sites, seed: 4_242 });
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  await ensureCatalogue();
  mkdirSync(BENCH_TMP, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-clusters-'));
  const server = await startApi({
    port: Number(values.port),
    jwtSecret: randomBytes(36).toString('base64url'),
    dataDir,
    databaseUrl: url,
    logFile: path.join(BENCH_TMP, 'server-clusters.log'),
  });
  // The server migrates on start, so a new index is in place; VACUUM gives index-only scans a visibility map.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze products');
  const from = addDays(todayIst(), 30);
  const views: Array<[string, string]> = [
    ['India, zoom 5', 'bbox=68,6,98,37&zoom=5'],
    [
      'India, zoom 5, with dates',
      `bbox=68,6,98,37&zoom=5&available_from=${from}&available_to=${addDays(from, 14)}`,
    ],
    ['Maharashtra, zoom 7', 'bbox=72.6,15.6,80.9,22.1&zoom=7'],
    ['Mumbai, zoom 11', 'bbox=72.75,18.88,73.05,19.3&zoom=11'],
  ];
  const headers = { 'cache-control': 'no-cache', 'x-dev-key': server.devKey };
  const lines: string[] = [];
  try {
    for (const [name, query] of views) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < runs + 3; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/product/clusters?${query}`, { headers });
        const body = (await res.json()) as { count: number };
        if (!res.ok) throw new Error(`${name}: ${res.status}`);
        if (i >= 3) times.push(performance.now() - started);
        count = body.count;
      }
      times.sort((a, b) => a - b);
      lines.push(
        `| ${name} | ${count} | ${median(times).toFixed(1)} | ${times[Math.floor(times.length * 0.9)].toFixed(1)} |`,
      );
      log(lines.at(-1) ?? '');
    }
    const plan = await client.query(
      `explain (analyze, buffers) select floor(longitude / 2.8125::float8)::int, floor(latitude / 2.6::float8)::int,
        count(*), avg(latitude), avg(longitude), min(id) from products
       where status = 'live' and latitude between 6 and 37 and longitude between 68 and 98 group by 1, 2`,
    );
    console.log(
      [
        `Clusters, PostgreSQL, ${sites} sites, ${runs} sequential uncached calls per view (after 3 warm-up), ms:`,
        '',
        '| view | sites counted | median ms | p90 ms |',
        '|---|---:|---:|---:|',
        ...lines,
        '',
        "EXPLAIN ANALYZE of India's grouping:",
        ...plan.rows.map((r) => `    ${r['QUERY PLAN']}`),
      ].join('\n'),
    );
  } finally {
    await client.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!values.keep) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${values.database} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
