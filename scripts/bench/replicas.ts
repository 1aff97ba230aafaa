// npm run bench:replicas (issue 46, decision 070): the deploy/ topology as processes on this machine, since
// it has no container runtime. A fresh PostgreSQL database (BENCH_DATABASE_URL's server, default the
// machine's 127.0.0.1:5432), s3rver for S3, the migrate job, two ROLE=web replicas and a ROLE=worker of the
// compiled server, and nginx with deploy/nginx.conf (only its upstream servers, listen address and file
// paths replaced). It signs in through one replica and continues on the other, pays through one and
// confirms on the other, reads through the proxy cache, and SIGTERMs a replica under load through nginx.
// Loopback only; every loop is bounded and the script stops by itself. Prints a table and exits 1 on a
// failed check.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { insertProduct } from '../../apps/api/test/fixtures.ts';
import { call, futureWeek } from '../../apps/api/test/http-journey.ts';
import { startS3Server } from '../../apps/api/test/s3-server.ts';
import { API_SERVER, apiBuildIsStale, buildApi, SERVER_NODE_FLAGS } from '../lib.mjs';
import { ROOT } from './server.ts';

/** A port the kernel has free now (the replicas'); nginx listens on this engineer's 3116. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
const PORTS = { nginx: Number(process.env.BENCH_NGINX_PORT ?? 3116), a: 0, b: 0, worker: 0 };
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `ooh_replicas_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = new URL(base);
dbUrl.pathname = `/${name}`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-replicas-'));
chmodSync(tmp, 0o755);
const children: ChildProcess[] = [];
const checks: Array<[string, boolean, string]> = [];
const check = (what: string, ok: boolean, detail = '') => {
  checks.push([what, ok, detail]);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function start(label: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  const dataDir = path.join(tmp, label);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, API_SERVER, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`${label} exited ${code}:\n${out.slice(-2000)}`);
  });
  children.push(child);
  return child;
}

async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} never became ready`);
}

async function main() {
  if (apiBuildIsStale()) await buildApi();
  PORTS.a = await freePort();
  PORTS.b = await freePort();
  PORTS.worker = await freePort();
  await admin(`CREATE DATABASE ${name}`);
  const s3 = await startS3Server('adspace');
  const common = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: '8',
    STORAGE: 's3',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    TRUST_PROXY: '1',
    BOT_CHECK: 'off',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
    OTP_SENDS_PER_IP_PER_HOUR: '1000',
  };
  try {
    // The migrate job, then replicas that never migrate. No secret is set: they come from the database.
    const migrate = start('migrate', common, ['--migrate']);
    const code = await new Promise<number | null>((resolve) => migrate.on('exit', (c) => resolve(c)));
    check('npm run migrate (the job) exits 0', code === 0);
    const replica = { MIGRATE: 'off', ...common };
    const a = start('web-a', { ...replica, ROLE: 'web', PORT: String(PORTS.a) });
    const b = start('web-b', { ...replica, ROLE: 'web', PORT: String(PORTS.b) });
    const worker = start('worker', { ...replica, ROLE: 'worker', PORT: String(PORTS.worker) });
    const urlA = `http://127.0.0.1:${PORTS.a}`;
    const urlB = `http://127.0.0.1:${PORTS.b}`;
    const urlW = `http://127.0.0.1:${PORTS.worker}`;
    await Promise.all([waitReady(urlA, a), waitReady(urlB, b), waitReady(urlW, worker)]);
    check('the worker answers only its probes', (await call(urlW, '/api/product/')).status === 404);

    // nginx with the recipe's configuration.
    const nginxDir = path.join(tmp, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    chmodSync(nginxDir, 0o777);
    const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
      .replace(
        /server web:3000[^;]*;/,
        `server 127.0.0.1:${PORTS.a} max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:${PORTS.b} max_fails=1 fail_timeout=5s;`,
      )
      .replace('listen 8080;', `listen 127.0.0.1:${PORTS.nginx};`)
      .replaceAll('/tmp/nginx', `${nginxDir}/nginx`);
    writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
    const nginx = spawn(
      'nginx',
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: 'inherit',
      },
    );
    children.push(nginx);
    const proxy = `http://127.0.0.1:${PORTS.nginx}`;
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`${proxy}/nginx-health`).then(
        (r) => r.ok,
        () => false,
      ));
      i += 1
    ) {
      await sleep(100);
    }
    check('nginx answers through the recipe', (await call(proxy, '/api/health/ready')).status === 200);

    // Sign in through A, continue on B; the dev outbox key is the database's.
    const key = (await admin(
      `select value from ${name}.public.shared_secrets where name = 'dev-outbox-key'`,
    ).catch(async () => {
      const c = new pg.Client({ connectionString: dbUrl.toString() });
      await c.connect();
      const r = await c.query(`select value from shared_secrets where name = 'dev-outbox-key'`);
      await c.end();
      return r;
    })) as pg.QueryResult;
    const devKey = key.rows[0].value as string;
    const phone = '9812346001';
    const sent = await call(urlA, '/api/auth/otp/send', { body: { phone_number: phone } });
    const outbox = await call(
      urlB,
      `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
    );
    const code6 = /\b(\d{6})\b/.exec(outbox.body?.messages?.[0]?.body ?? '')?.[1];
    const verified = await call(urlA, '/api/auth/otp/verify', {
      body: { verification_id: sent.body.verification_id, code: code6 },
    });
    const token = verified.body.token as string;
    const profile = await call(urlB, '/api/auth/update_user_by_phone/', {
      method: 'PATCH',
      token,
      body: {
        first_name: 'Asha',
        last_name: 'Buyer',
        phone_number: phone,
        company: 'Acme Outdoor Pvt Ltd',
        address_line_1: '4 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
    });
    check(
      'signed in through A, continued on B',
      profile.status === 200,
      `verify ${verified.status}, profile ${profile.status}`,
    );

    // Book and check out through A, pay in B's sandbox window, confirm on A.
    const database = await openDatabase({ url: dbUrl.toString(), poolSize: 2 });
    const site = await insertProduct(database.db, { name: 'Replica Bridge' });
    await database.close();
    const week = futureWeek();
    const line = {
      product_id: site.id,
      from_date: week.from,
      to_date: week.to,
      campaign_id: null,
      customized: false,
    };
    const booked = await call(urlA, '/api/booking/book', { token, body: { amount: 10_500, data: [line] } });
    const out = await call(urlA, '/api/booking/checkout', {
      token,
      body: { order_id: booked.body.order_id, payment: 'online' },
    });
    const payToken = new URL(out.body.checkout_url ?? '/', urlA).searchParams.get('token');
    const paid = await call(urlB, '/api/payments/sandbox/pay', {
      body: { razor_pay_order_id: out.body.razor_pay_order_id, token: payToken },
    });
    const confirmed = await call(urlA, '/api/booking/confirm', {
      token,
      body: {
        order_id: booked.body.order_id,
        razorpay_order_id: paid.body.razorpay_order_id,
        payment_id: paid.body.razorpay_payment_id,
        signature: paid.body.razorpay_signature,
        amount: out.body.amount,
      },
    });
    check(
      'paid through B, confirmed on A',
      confirmed.status === 200,
      `book ${booked.status}, checkout ${out.status}, pay ${paid.status}, confirm ${confirmed.status}`,
    );

    // Reads through the proxy cache: what nginx did with a repeated anonymous GET.
    const cacheOf = async (p: string) => {
      const statuses: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const r = await fetch(`${proxy}${p}`);
        await r.arrayBuffer();
        statuses.push(`${r.status}/${r.headers.get('x-proxy-cache') ?? '-'}`);
      }
      return statuses.join(' ');
    };
    const productRead = await cacheOf(`/api/product/${site.id}`);
    const listRead = await cacheOf('/api/product/?page=1');
    const page = await cacheOf('/products');
    check(
      'anonymous reads answer through the proxy',
      !/5\d\d/.test(productRead + listRead + page),
      `product ${productRead}; list ${listRead}; page ${page}`,
    );

    // Load through nginx with both replicas, then SIGTERM replica A halfway through a second run.
    const load = (p: string, seconds: number) =>
      autocannon({ url: `${proxy}${p}`, connections: 64, duration: seconds });
    const both = await load('/api/health/ready', 5);
    const stopping = load('/api/health/ready', 8);
    await sleep(3000);
    a.kill('SIGTERM');
    const during = await stopping;
    const one = await load('/api/health/ready', 5);
    check(
      'SIGTERM of a replica under load: no 5xx and no errors through nginx',
      during.non2xx === 0 && during.errors === 0,
      `non-2xx ${during.non2xx}, errors ${during.errors}, requests ${during.requests.total}`,
    );
    const cachedLoad = await load('/api/product/?page=1', 5);
    console.log('\n| through nginx, 64 connections | req/s | p99 ms | non-2xx |');
    console.log('|---|---|---|---|');
    for (const [label, r] of [
      ['readiness, two web replicas', both],
      ['readiness, while replica A drains', during],
      ['readiness, one web replica', one],
      ['GET /api/product/?page=1 (one replica)', cachedLoad],
    ] as const) {
      console.log(`| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p99} | ${r.non2xx} |`);
    }
  } finally {
    for (const c of children.reverse()) if (c.exitCode === null) c.kill('SIGTERM');
    await sleep(1500);
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await s3.stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(tmp, { recursive: true, force: true });
  }
  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  process.exit(1);
});
