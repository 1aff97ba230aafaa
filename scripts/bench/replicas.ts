// npm run bench:replicas [-- --duration 10] (issue 46, decision 070): the throughput half of the replica
// test. The same topology as robustness/replicas-nginx.pg.test.ts (which checks sign-in and payment across
// replicas, the one-winner race, the proxy cache and SIGTERM / kill -9 under a small load, in npm test):
// a fresh PostgreSQL database (BENCH_DATABASE_URL's server, default the machine's 127.0.0.1:5432), s3rver,
// the migrate job, two ROLE=web replicas and a ROLE=worker of the compiled server, and nginx running
// deploy/nginx.conf (upstreams, listen address and paths templated). Here: 64 connections through nginx
// with one and with two web replicas, for readiness, an anonymous list the proxy cache answers, a
// signed-in list it never caches and a new search every request; then the same load while a replica is
// stopped (SIGTERM, and kill -9). Ports 4450-4499, loopback only; prints a table, exits 1 on a failed check.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { insertProduct } from '../../apps/api/test/fixtures.ts';
import { call } from '../../apps/api/test/http-journey.ts';
import { startTopology } from '../../apps/api/test/replica-topology.ts';
import { API_SERVER, apiBuildIsStale, buildApi } from '../lib.mjs';
import { ROOT } from './server.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '64' } },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const checks: Array<[string, boolean, string]> = [];
const check = (what: string, ok: boolean, detail = '') => {
  checks.push([what, ok, detail]);
  console.error(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
};

interface Cell {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** X-Proxy-Cache of the same request right after the cell. */
  cache?: string;
}

async function loadCell(
  label: string,
  url: string,
  options: { headers?: Record<string, string>; newSearch?: boolean } = {},
): Promise<Cell> {
  let seq = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(options.headers && { headers: options.headers }),
    // A search no one made before: every request misses every cache.
    ...(options.newSearch && {
      requests: [
        {
          setupRequest: (req) => {
            seq += 1;
            return { ...req, path: `/api/product/?search=bench${seq.toString(36)}&page=1` };
          },
        },
      ],
    }),
  });
  const r = await instance;
  const cell: Cell = {
    label,
    rps: r.duration > 0 ? r.requests.total / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  // What nginx did with the same request right after the cell (HIT, MISS, BYPASS): node:http, which like
  // autocannon sends no Accept-Encoding (part of the cache key), unlike fetch.
  if (!options.newSearch) cell.cache = await proxyCacheOf(url, options.headers);
  console.error(
    `[replicas] ${label}: ${cell.rps.toFixed(0)} req/s, p50 ${cell.p50} ms, p99 ${cell.p99} ms, non-2xx ${cell.non2xx}, errors ${cell.errors}`,
  );
  return cell;
}

function proxyCacheOf(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['x-proxy-cache'] ?? '')));
      })
      .on('error', reject);
  });
}

async function main() {
  if (apiBuildIsStale()) await buildApi();
  if (!existsSync(API_SERVER)) throw new Error('the API did not build');
  const webDist = path.join(ROOT, 'apps/web/dist');
  const top = await startTopology({
    baseUrl: base,
    ports: { from: 4450, to: 4499 },
    // The real web build when there is one (npm run build), else the stand-in.
    webDist: existsSync(path.join(webDist, 'server/index.js')) ? webDist : undefined,
    env: { EXPENSIVE_READS_PER_IP_PER_MINUTE: '1000000', DATABASE_POOL_SIZE: '10' },
  });
  const cells: Cell[] = [];
  try {
    const [a, b] = await Promise.all([top.startWeb('web-a'), top.startWeb('web-b'), top.startWorker()]);
    const two = await top.startNginx([a.port, b.port]);
    const one = await top.startNginx([a.port]);
    await top.withDb(async (db) => {
      for (let i = 0; i < 200; i += 1) await insertProduct(db, { name: `Bench Replica Site ${i}` });
    });
    const token = await signIn(a.url, b.url, top.devKey);
    const signed = { authorization: `Bearer ${token}` };
    const list = '/api/product/?page=1';
    for (const [name, proxy] of [
      ['two web replicas', two.url],
      ['one web replica', one.url],
    ] as const) {
      cells.push(await loadCell(`readiness, ${name}`, `${proxy}/api/health/ready`));
      // Anonymous and no-store, the same address for everyone signing in: what a cache lock would queue.
      cells.push(await loadCell(`sign-in challenge (no-store), ${name}`, `${proxy}/api/auth/challenge`));
      cells.push(await loadCell(`anonymous list (proxy cache), ${name}`, `${proxy}${list}`));
      cells.push(
        await loadCell(`signed-in list (never cached), ${name}`, `${proxy}${list}`, { headers: signed }),
      );
      cells.push(await loadCell(`new search each request, ${name}`, proxy, { newSearch: true }));
    }

    // A replica stopped under load through the two-replica nginx: SIGTERM, then (its successor up) kill -9.
    const during = async (label: string, stopIt: () => Promise<unknown>) => {
      const running = loadCell(label, `${two.url}${list}`, { headers: signed });
      await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 3));
      await stopIt();
      return running;
    };
    const term = await during('signed-in list while replica A drains (SIGTERM)', () => a.stop());
    cells.push(term);
    check(
      'SIGTERM of a replica under load: no non-2xx and no errors through nginx',
      term.non2xx === 0 && term.errors === 0,
      `non-2xx ${term.non2xx}, errors ${term.errors}`,
    );
    await top.startWeb('web-a2', a.port);
    const killed = await during('signed-in list while replica B is killed (kill -9)', () => b.kill());
    cells.push(killed);
    check(
      'kill -9 of a replica under load: GETs passed to the other replica, no non-2xx',
      killed.non2xx === 0 && killed.errors === 0,
      `non-2xx ${killed.non2xx}, errors ${killed.errors}`,
    );
  } finally {
    await top.stop();
  }
  const byLabel = (label: string) => cells.find((c) => c.label === label)?.rps ?? 0;
  console.log(
    `\n| through nginx, ${CONNECTIONS} connections, ${DURATION} s | req/s | p50 ms | p99 ms | non-2xx | errors | X-Proxy-Cache after |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const c of cells) {
    console.log(
      `| ${c.label} | ${c.rps.toFixed(0)} | ${c.p50} | ${c.p99} | ${c.non2xx} | ${c.errors} | ${c.cache ?? ''} |`,
    );
  }
  console.log('\n| two replicas / one replica | ratio |\n|---|---|');
  for (const what of [
    'readiness',
    'sign-in challenge (no-store)',
    'anonymous list (proxy cache)',
    'signed-in list (never cached)',
    'new search each request',
  ]) {
    const ratio = byLabel(`${what}, two web replicas`) / byLabel(`${what}, one web replica`);
    console.log(`| ${what} | ${ratio.toFixed(2)}x |`);
  }
  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

/** Sign-in through `first`, the code read from `second`'s dev outbox with the database's key. */
async function signIn(first: string, second: string, devKey: string): Promise<string> {
  const phone = '9812346101';
  const sent = await call(first, '/api/auth/otp/send', { body: { phone_number: phone } });
  const outbox = await call(
    second,
    `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
  );
  const code = /\b(\d{6})\b/.exec(outbox.body?.messages?.[0]?.body ?? '')?.[1];
  const verified = await call(first, '/api/auth/otp/verify', {
    body: { verification_id: sent.body.verification_id, code },
  });
  if (verified.status !== 200) throw new Error(`sign-in answered ${verified.status}`);
  return verified.body.token as string;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
