import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_SERVER, SERVER_NODE_FLAGS } from '../../../scripts/lib.mjs';
import { type Database, openDatabase } from '../src/db/client.ts';
import { startS3Server } from './s3-server.ts';
import { writeStandInWebBuild } from './web-build.ts';

/**
 * The deploy/ recipe as processes on one machine (issue 46, decision 070), for the replica test
 * (robustness/replicas-nginx.pg.test.ts) and `npm run bench:replicas`: a fresh PostgreSQL database, s3rver
 * for S3, the migrate job (`npm run migrate`), ROLE=web replicas and a ROLE=worker of the compiled server
 * with MIGRATE=off and no secret set (they come from the database), and nginx running deploy/nginx.conf with
 * only its upstream servers, listen address and file paths replaced. Loopback only.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const NGINX = '/usr/sbin/nginx';

export interface Replica {
  label: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM (the server drains); resolves with how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9: no shutdown code runs; resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface Nginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export interface Topology {
  databaseUrl: string;
  /** The dev outboxes' key the migrate job generated into the database (no file under any DATA_DIR). */
  devKey: string;
  /** Runs `work` on the shared database (a pool of its own). */
  withDb<T>(work: (db: Database['db']) => Promise<T>): Promise<T>;
  /** A ROLE=web replica (MIGRATE=off) on `port` (a free one of the range by default), once it is ready. */
  startWeb(label: string, port?: number): Promise<Replica>;
  startWorker(): Promise<Replica>;
  /** nginx with deploy/nginx.conf in front of these replicas' ports. */
  startNginx(upstreamPorts: number[]): Promise<Nginx>;
  /** Stops everything started here and drops the database. */
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** A PostgreSQL server URL the database is created on (its database part is replaced). */
  baseUrl: string;
  /** The ports replicas and nginx may take. */
  ports: { from: number; to: number };
  /** A web build to serve (default: the stand-in build, written to a temp dir). */
  webDist?: string;
  /** More settings for every app process. */
  env?: Record<string, string>;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url} exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-3000)}`);
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} never answered:\n${output().slice(-3000)}`);
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync(NGINX)) {
    throw new Error(`The replica test needs nginx at ${NGINX}: apt-get install nginx (.ci/run does).`);
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-replicas-'));
  // nginx's workers run as "nobody" when its master is root: they must reach the cache directory.
  chmodSync(tmp, 0o755);
  const webDist = options.webDist ?? path.join(tmp, 'web');
  if (!options.webDist) writeStandInWebBuild(webDist);
  const name = `ooh_replicas_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(options.baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];
  const taken = new Set<number>();
  const port = async () => {
    for (let tries = 0; tries < 200; tries += 1) {
      const p = options.ports.from + Math.floor(Math.random() * (options.ports.to - options.ports.from + 1));
      if (!taken.has(p) && (await isFree(p))) {
        taken.add(p);
        return p;
      }
    }
    throw new Error(`no free port in ${options.ports.from}-${options.ports.to}`);
  };

  const s3 = await startS3Server('adspace');
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '6',
    WEB_DIST: webDist,
    STORAGE: 's3',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    // nginx in front: its X-Forwarded-For names the client.
    TRUST_PROXY: '1',
    BOT_CHECK: 'off',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
    OTP_SENDS_PER_IP_PER_HOUR: '1000',
    ...options.env,
  };
  const spawnServer = (label: string, extra: Record<string, string>, args: string[] = []) => {
    const dataDir = path.join(tmp, label);
    mkdirSync(dataDir, { recursive: true });
    const fullEnv: NodeJS.ProcessEnv = { ...process.env, ...env, ...extra, DATA_DIR: dataDir };
    // Only the database's secrets: none inherited from the caller's shell.
    for (const secret of ['JWT_SECRET', 'SANDBOX_KEY_SECRET', 'DEV_OUTBOX_KEY']) delete fullEnv[secret];
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, API_SERVER, ...args], {
      cwd: ROOT,
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    children.push(child);
    return { child, output: () => out };
  };
  const replica = async (label: string, extra: Record<string, string>, at?: number): Promise<Replica> => {
    const p = at ?? (await port());
    const { child, output } = spawnServer(label, { MIGRATE: 'off', PORT: String(p), ...extra });
    const replicaUrl = `http://127.0.0.1:${p}`;
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    await waitFor(`${replicaUrl}/api/health/ready`, child, output);
    return {
      label,
      port: p,
      url: replicaUrl,
      child,
      output,
      stop: async () => {
        if (!gone()) child.kill('SIGTERM');
        const [code, signal] = await exited;
        return { code, signal };
      },
      kill: async () => {
        if (!gone()) child.kill('SIGKILL');
        await exited;
      },
    };
  };

  const nginxes: Nginx[] = [];
  let pool: Database | undefined;
  const stop = async () => {
    for (const n of nginxes) await n.stop();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? once(c, 'exit') : Promise.resolve(),
      ),
    );
    await pool?.close();
    await s3.stop();
    await adminQuery(options.baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await adminQuery(options.baseUrl, `CREATE DATABASE ${name}`);
    // The migrate job, once, before any replica (`npm run migrate`).
    const migrate = spawnServer('migrate', {}, ['--migrate']);
    const [code] = (await once(migrate.child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the migrate job exited ${code}:\n${migrate.output().slice(-3000)}`);
    const kept = await adminQuery(
      databaseUrl,
      `select value from shared_secrets where name = 'dev-outbox-key'`,
    );
    const devKey = kept.rows[0].value as string;
    pool = await openDatabase({ url: databaseUrl, poolSize: 2 });
    const db = pool.db;
    return {
      databaseUrl,
      devKey,
      withDb: (work) => work(db),
      startWeb: (label, at) => replica(label, { ROLE: 'web' }, at),
      startWorker: () => replica('worker', { ROLE: 'worker' }),
      startNginx: async (upstreamPorts) => {
        const listen = await port();
        const handle = await startRecipeNginx({
          upstreamPorts,
          listenPort: listen,
          dir: path.join(tmp, `nginx-${listen}`),
        });
        nginxes.push(handle);
        return handle;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * nginx in the foreground running deploy/nginx.conf with only the upstream servers (127.0.0.1 ports), the
 * listen address and the file paths (under `dir`, which must be reachable by nginx's workers) replaced.
 */
export async function startRecipeNginx(options: {
  upstreamPorts: number[];
  listenPort: number;
  dir: string;
  /** Replaces the recipe's `worker_processes auto` (the bench matches its one-worker file-serving ceiling). */
  workerProcesses?: number;
}): Promise<Nginx> {
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  // Its workers run as "nobody" when the master is root: they write the cache and temp files here.
  chmodSync(dir, 0o777);
  const servers = options.upstreamPorts
    .map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n    ');
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replace(/server web:3000[^;]*;/, servers)
    .replace('listen 8080;', `listen 127.0.0.1:${options.listenPort};`)
    .replaceAll('/tmp/nginx', `${dir}/nginx`)
    .replace('worker_processes auto;', `worker_processes ${options.workerProcesses ?? 'auto'};`);
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  // deploy/nginx.conf logs to /dev/stderr, which cannot be opened on a pipe or socket: a file can.
  const log = path.join(dir, 'stderr.log');
  const fd = openSync(log, 'w');
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const out = () => readFileSync(log, 'utf8');
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${options.listenPort}`;
  await waitFor(`${url}/nginx-health`, child, out);
  return {
    url,
    output: out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: nginx's graceful stop; its workers go with it.
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };
}
