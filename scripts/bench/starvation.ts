// npm run bench:starvation [-- --duration 15 --sites 1000] (issue 46's starvation bar, decision 070): the
// default start (PGlite, one query at a time) under 64 connections of searches no one made before, while
// one prober asks /api/health/ready over and over. The bar: readiness p99 within 1 s during the load, and
// searches past the catalogue queue's bound (CATALOGUE_QUEUE_MAX) answered 503 with Retry-After at once,
// none left hanging (autocannon's 10 s timeout). Run twice: with the default per-IP limit of expensive reads
// (one client: most searches 429), and with it lifted (as if the load came from many addresses: the queue's
// bound is what answers). The test of the same bar without timings: fair-use/catalogue-queue.pglite.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { writeStandInWebBuild } from '../../apps/api/test/web-build.ts';
import { BENCH_TMP, preparePglite } from './catalogue.ts';
import { startApi } from './server.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    sites: { type: 'string', default: '1000' },
    port: { type: 'string', default: '4460' },
  },
});
const DURATION = Number(values.duration);
const SITES = Number(values.sites);
const PORT = Number(values.port);
const log = (line: string) => console.error(`[starvation] ${line}`);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

interface Run {
  label: string;
  searches: number;
  byStatus: Record<string, number>;
  busyWithoutRetryAfter: number;
  searchP50: number;
  searchP99: number;
  timeouts: number;
  errors: number;
  ready: number[];
  readyFailed: number;
}

async function once(label: string, env: Record<string, string>): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-starve-'));
  const webDist = path.join(dataDir, 'web');
  try {
    await preparePglite(SITES, dataDir, log);
    writeStandInWebBuild(webDist);
    const server = await startApi({
      port: PORT,
      jwtSecret: 'starvation-bench-secret-starvation-bench-0123',
      dataDir,
      logFile: path.join(BENCH_TMP, 'starvation-server.log'),
      env: { WEB_DIST: webDist, ...env },
    });
    try {
      let seq = 0;
      const byStatus: Record<string, number> = {};
      let busyWithoutRetryAfter = 0;
      let loading = true;
      const ready: number[] = [];
      let readyFailed = 0;
      const prober = (async () => {
        while (loading) {
          const started = performance.now();
          const ok = await fetch(`${server.url}/api/health/ready`, {
            signal: AbortSignal.timeout(30_000),
          }).then(
            async (r) => {
              await r.arrayBuffer();
              return r.ok;
            },
            () => false,
          );
          ready.push(performance.now() - started);
          if (!ok) readyFailed += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const result = await autocannon({
        url: server.url,
        connections: 64,
        duration: DURATION,
        requests: [
          {
            setupRequest: (req) => {
              seq += 1;
              return { ...req, path: `/api/product/?search=starve${seq.toString(36)}&page=1` };
            },
            onResponse: (status, _body, _context, headers) => {
              byStatus[status] = (byStatus[status] ?? 0) + 1;
              const retryAfter = Object.keys(headers).some((k) => k.toLowerCase() === 'retry-after');
              if (status === 503 && !retryAfter) busyWithoutRetryAfter += 1;
            },
          },
        ],
      });
      loading = false;
      await prober;
      ready.sort((x, y) => x - y);
      return {
        label,
        searches: result.requests.total,
        byStatus,
        busyWithoutRetryAfter,
        searchP50: result.latency.p50,
        searchP99: result.latency.p99,
        timeouts: result.timeouts,
        errors: result.errors,
        ready,
        readyFailed,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [
  await once('default limits (one client: per-IP limit of expensive reads)', {}),
  await once('per-IP limit lifted (the catalogue queue bound answers)', {
    EXPENSIVE_READS_PER_IP_PER_MINUTE: '1000000',
  }),
];
console.log(
  `\n| PGlite, ${SITES} sites, 64 connections of new searches, ${DURATION} s | searches | 200 | 429 | 503 | 503 without Retry-After | search p50 / p99 ms | timeouts + errors | readiness probes | readiness p50 / p99 / max ms | readiness not 200 |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
let failed = 0;
for (const r of runs) {
  const p99 = percentile(r.ready, 99);
  if (p99 > 1000 || r.readyFailed || r.busyWithoutRetryAfter || r.timeouts) failed += 1;
  console.log(
    `| ${r.label} | ${r.searches} | ${r.byStatus[200] ?? 0} | ${r.byStatus[429] ?? 0} | ${r.byStatus[503] ?? 0} | ${r.busyWithoutRetryAfter} | ${r.searchP50} / ${r.searchP99} | ${r.timeouts + r.errors} | ${r.ready.length} | ${percentile(r.ready, 50).toFixed(0)} / ${p99.toFixed(0)} / ${(r.ready.at(-1) ?? 0).toFixed(0)} | ${r.readyFailed} |`,
  );
}
console.log(
  `\nBar: readiness p99 <= 1000 ms, every 503 with Retry-After, no search timed out: ${failed ? `${failed} run(s) missed it` : 'met in both runs'}.`,
);
process.exit(failed ? 1 : 0);
