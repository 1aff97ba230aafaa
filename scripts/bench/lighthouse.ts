/**
 * The front-end half of the benchmark: Lighthouse (mobile) on the buyer's pages of the built product served by
 * the real server process: performance, accessibility, the largest paint, blocking time, layout shift and the
 * JavaScript transferred, median of the runs. `--profile` keeps each run's report and prints where the main
 * thread's time went (Lighthouse's bootup-time and mainthread-work-breakdown audits).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { ROOT, stopChild, waitFor } from './server.ts';
import { median } from './table.ts';

export interface WebBenchOptions {
  /** The server serving the product listens here (unless `url`), Chromium's DevTools on port + 1. */
  port: number;
  /** Lighthouse runs per page; each metric is the median over them. */
  runs: number;
  log: (line: string) => void;
  /** Measure a server that is already running (no build, no start). */
  url?: string;
  /** Only the pages whose name is listed (home, products, customize, product, campaign, city, cart). */
  only?: string[];
  /** Keep every run's full report in bench/tmp/lighthouse-<page>-<run>.json and print the profile. */
  profile?: boolean;
}

/** The figures of one page: medians over the runs, each metric on its own. */
export interface PageResult {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** JavaScript transferred on the first load (compressed bytes on the wire), in bytes. */
  js: number;
  /** Every run's performance score, to show the spread. */
  scores: number[];
}

export interface WebBenchResult {
  pages: PageResult[];
  /** Lighthouse's CPU benchmark index of this machine during the runs (median). */
  benchmarkIndex: number;
  lighthouseVersion: string;
}

/** The budgets of issue 21 (docs/decisions/043-routing-framework.md). */
export const BUDGETS = { performance: 95, accessibility: 95, jsBytes: 200 * 1024, cls: 0.05 };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every browser in this project runs with; the machine has no network and no GPU. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const LOG_DIR = path.join(ROOT, 'bench', 'tmp');

/** The product's web build into `outDir` (never apps/web/dist, which `npm start` and the journeys use). */
async function buildWeb(outDir: string): Promise<void> {
  const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build exited with ${code}`);
}

/** The real server (as `npm start` runs it) on a fresh PGlite with the demo catalogue, serving `webDist`. */
export async function startWebServer(port: number, webDist: string, dataDir: string) {
  const logFile = path.join(LOG_DIR, 'server-web.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    BOT_CHECK: 'off',
    PAYMENT_PROVIDER: 'sandbox',
  };
  delete env.DATABASE_URL; // the embedded PGlite, always
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, child, 120_000);
  } catch (err) {
    const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n');
    throw new Error(`${err instanceof Error ? err.message : err}\n${tail}`);
  }
  return { url, logFile, stop: () => stopChild(child) };
}

/** Debian's Chromium with DevTools on `port` and a throwaway profile; Lighthouse connects to it. */
export async function launchChromium(port: number, profile: string): Promise<ChildProcess> {
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, 30_000);
  return child;
}

interface RunMetrics {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  benchmarkIndex: number;
  version: string;
  /** Script URL -> main-thread ms (bootup-time), and category -> ms (mainthread-work-breakdown). */
  bootup: Array<{ url: string; total: number; scripting: number }>;
  mainThread: Array<{ group: string; duration: number }>;
  failing: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** JavaScript transferred: resource-summary's script row, or the sum over network-requests. */
function scriptBytes(lhr: Lhr): number {
  const summary = lhr.audits['resource-summary']?.details as
    | { items?: Array<{ resourceType: string; transferSize: number }> }
    | undefined;
  const row = summary?.items?.find((i) => i.resourceType === 'script');
  if (row) return row.transferSize;
  const requests = lhr.audits['network-requests']?.details as
    | { items?: Array<{ resourceType?: string; transferSize?: number }> }
    | undefined;
  return (requests?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/** One Lighthouse run: performance and accessibility, mobile form factor with the default simulated throttling. */
async function lighthouseOnce(url: string, port: number, keep?: string): Promise<RunMetrics> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (keep) writeFileSync(keep, JSON.stringify(lhr));
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return value;
  };
  const items = <T>(id: string) =>
    ((lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
  const a11y = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((a11y.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    js: scriptBytes(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    version: lhr.lighthouseVersion,
    bootup: items<{ url: string; total: number; scripting: number }>('bootup-time'),
    mainThread: items<{ group: string; duration: number }>('mainthread-work-breakdown'),
    failing: a11y.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

/** A product id of the demo catalogue, for the product page. */
export async function firstProductId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/product/?page=1&page_size=1`);
  if (!res.ok) throw new Error(`GET /api/product/: ${res.status}`);
  const body = (await res.json()) as { payload: { results: Array<{ id: number }> } };
  const id = body.payload.results[0]?.id;
  if (id === undefined) throw new Error('the demo catalogue has no products');
  return id;
}

/** The pages of issue 21's budgets (a signed-in order page needs a session the bench does not make yet). */
export function benchPages(productId: number) {
  return [
    { page: 'home', path: '/' },
    { page: 'products', path: '/products' },
    { page: 'customize', path: '/customize' },
    { page: 'product', path: `/product/${productId}` },
    { page: 'campaign', path: '/campaign/1' },
    { page: 'city', path: '/outdoor-advertising/mumbai' },
    { page: 'cart', path: '/cart' },
  ];
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);

/** Where the main thread's time went, summed over a page's runs and divided by their number. */
function profileLines(page: string, runs: RunMetrics[]): string[] {
  const byScript = new Map<string, number>();
  const byGroup = new Map<string, number>();
  for (const run of runs) {
    for (const b of run.bootup) byScript.set(b.url, (byScript.get(b.url) ?? 0) + b.total / runs.length);
    for (const m of run.mainThread)
      byGroup.set(m.group, (byGroup.get(m.group) ?? 0) + m.duration / runs.length);
  }
  const top = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return [
    `${page}: main thread ${top(byGroup)
      .map(([g, ms]) => `${g} ${ms.toFixed(0)}`)
      .join(', ')} ms`,
    `${page}: scripts ${top(byScript)
      .map(([u, ms]) => `${short(u)} ${ms.toFixed(0)}`)
      .join(', ')} ms`,
  ];
}

async function measurePages(options: WebBenchOptions, baseUrl: string, tmp: string): Promise<WebBenchResult> {
  const { log } = options;
  const productId = await firstProductId(baseUrl);
  const pages = benchPages(productId).filter((p) => !options.only || options.only.includes(p.page));
  // Warm the server (first requests compile routes and fill the catalogue cache), not the browser.
  for (const page of pages) await fetch(`${baseUrl}${page.path}`).then((r) => r.arrayBuffer());
  const results: PageResult[] = [];
  const indexes: number[] = [];
  let version = '';
  for (const page of pages) {
    const runs: RunMetrics[] = [];
    for (let i = 0; i < options.runs; i++) {
      // A fresh browser and profile per run: nothing cached between runs.
      const profile = path.join(tmp, `chromium-${page.page}-${i}`);
      const chromium = await launchChromium(options.port + 1, profile);
      const keep = options.profile ? path.join(LOG_DIR, `lighthouse-${page.page}-${i + 1}.json`) : undefined;
      try {
        try {
          runs.push(await lighthouseOnce(`${baseUrl}${page.path}`, options.port + 1, keep));
        } catch (err) {
          // On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART): that run again, once.
          log(`web: ${page.path} run ${i + 1} again: ${err instanceof Error ? err.message : err}`);
          runs.push(await lighthouseOnce(`${baseUrl}${page.path}`, options.port + 1, keep));
        }
      } finally {
        await stopChild(chromium);
        await sleep(200);
        rmSync(profile, { recursive: true, force: true });
      }
      const r = runs[runs.length - 1];
      log(
        `web: ${page.path} run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, JS ${(r.js / 1024).toFixed(1)} KB${r.failing.length ? `; failing: ${r.failing.join(', ')}` : ''}`,
      );
    }
    if (options.profile) for (const line of profileLines(page.path, runs)) log(`profile ${line}`);
    indexes.push(...runs.map((r) => r.benchmarkIndex));
    version = runs[0].version;
    const med = (pick: (r: RunMetrics) => number) => median(runs.map(pick));
    results.push({
      ...page,
      performance: med((r) => r.performance),
      accessibility: med((r) => r.accessibility),
      lcp: med((r) => r.lcp),
      tbt: med((r) => r.tbt),
      cls: med((r) => r.cls),
      js: med((r) => r.js),
      scores: runs.map((r) => r.performance),
    });
  }
  return { pages: results, benchmarkIndex: median(indexes), lighthouseVersion: version };
}

/** Builds the product, serves it on a fresh demo catalogue (or uses `url`), and measures it. */
export async function measureWeb(options: WebBenchOptions): Promise<WebBenchResult> {
  const { log } = options;
  mkdirSync(LOG_DIR, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-web-bench-'));
  try {
    if (options.url) return await measurePages(options, options.url.replace(/\/$/, ''), tmp);
    const webDist = path.join(tmp, 'dist');
    log('web: building the web app');
    await buildWeb(webDist);
    log(`web: starting the server on a fresh demo catalogue (log in ${path.relative(ROOT, LOG_DIR)})`);
    const server = await startWebServer(options.port, webDist, path.join(tmp, 'data'));
    try {
      return await measurePages(options, server.url, tmp);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A figure with a mark when it misses its budget. */
const mark = (text: string, ok: boolean) => (ok ? text : `${text} ✗`);

/** The markdown table with how it was measured. */
export function renderWeb(result: WebBenchResult, runs: number): string {
  const rows = result.pages.map(
    (p) =>
      `| ${p.path} | ${mark(String(p.performance), p.performance >= BUDGETS.performance)} (${p.scores.join(', ')}) | ${mark(String(p.accessibility), p.accessibility >= BUDGETS.accessibility)} | ${p.lcp.toFixed(0)} | ${p.tbt.toFixed(0)} | ${mark(p.cls.toFixed(3), p.cls <= BUDGETS.cls)} | ${mark(kb(p.js), p.js <= BUDGETS.jsBytes)} |`,
  );
  return [
    `Web: Lighthouse ${result.lighthouseVersion} in ${CHROMIUM} (headless), mobile form factor with the default simulated throttling (slow 4G, 4x CPU); median of ${runs} runs per page, each metric on its own, each run in a fresh browser profile; benchmarkIndex ${result.benchmarkIndex.toFixed(0)}. JS: JavaScript transferred (compressed) on the first load. Budgets: performance and accessibility >= ${BUDGETS.performance}, JS <= ${kb(BUDGETS.jsBytes)} KB, CLS <= ${BUDGETS.cls}; ✗ marks a miss.`,
    '',
    '| page | performance (runs) | accessibility | LCP ms | TBT ms | CLS | JS KB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Measures and renders; what `npm run bench` appends to its notes (and `npm run bench:web` prints). */
export async function runWebBench(options: WebBenchOptions): Promise<string> {
  return renderWeb(await measureWeb(options), options.runs);
}
