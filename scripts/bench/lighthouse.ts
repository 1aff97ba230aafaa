/**
 * The front-end half of the benchmark: Lighthouse (mobile) on the buyer pages issue 21 budgets (home, list,
 * customize, a product, a campaign, a city, the cart, and a signed-in buyer's paid order, whose session
 * cookie Lighthouse sends with every request) of the built SPA served by the real API process, and the
 * gzipped JavaScript each route loads first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { SERVER_NODE_FLAGS } from '../lib.mjs';
import { fetchSites, signedInPaidOrder } from './scenarios.ts';
import { compiledApi, ROOT, stopChild, waitFor } from './server.ts';
import { median } from './table.ts';

export interface WebBenchOptions {
  /** The API serving the SPA listens here, Chromium's DevTools on port + 1. */
  port: number;
  /** Lighthouse runs per page; each metric is the median over them. */
  runs: number;
  log: (line: string) => void;
}

export interface PageResult {
  page: string;
  path: string;
  /** Performance and accessibility 0-100, LCP ms, CLS, TBT ms, script KB transferred: medians over the runs, each metric on its own. */
  score: number;
  a11y: number;
  lcp: number;
  cls: number;
  tbt: number;
  jsKb: number;
  /** Every run's score, to show the spread. */
  scores: number[];
}

export interface WebBenchResult {
  pages: PageResult[];
  /** Lighthouse's CPU benchmark index of this machine during the runs (median). */
  benchmarkIndex: number;
  lighthouseVersion: string;
}

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

/** The web app's build (client and server) into `outDir` (never apps/web/dist, which `npm start` and the journeys use). */
async function buildWeb(outDir: string): Promise<void> {
  const child = spawn('npx', ['react-router', 'build'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: outDir },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`react-router build exited with ${code}`);
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
  // As `npm start` runs it (scripts/bench/server.ts startApi).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, await compiledApi()], {
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
  score: number;
  a11y: number;
  jsKb: number;
  lcp: number;
  cls: number;
  tbt: number;
  benchmarkIndex: number;
  version: string;
}

/** Lighthouse could not measure the page; `code` is its own (NO_NAVSTART: the browser's trace missed the load). */
class LighthouseRunError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Lighthouse's trace of a load sometimes misses its start on this busy machine (NO_NAVSTART): nothing was
 * measured, so that run is made again, once, in a fresh browser, and said so. Any other error stops the bench.
 */
const REMEASURED = new Set(['NO_NAVSTART']);

/** One Lighthouse run, performance and accessibility, mobile form factor with the default simulated throttling. */
async function lighthouseOnce(url: string, port: number, session?: string): Promise<RunMetrics> {
  const flags = {
    port,
    logLevel: 'error' as const,
    output: 'json' as const,
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile' as const,
    throttlingMethod: 'simulate' as const,
  };
  const result = session
    ? await signedIn(port, new URL(url).hostname, session, (tab) =>
        // The profile is fresh (nothing cached); resetting storage would clear the session cookie too.
        lighthouse(url, { ...flags, disableStorageReset: true }, undefined, tab),
      )
    : await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`, lhr.runtimeError.code);
  // A page that sent the browser elsewhere (a signed-in page to the sign-in form) was not the page measured.
  const landed = new URL(lhr.finalDisplayedUrl);
  if (landed.pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url}: landed on ${landed.href}`);
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return value;
  };
  // JavaScript transferred on the first load: every script request's bytes on the wire.
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items;
  if (!requests) throw new Error(`Lighthouse on ${url}: no network-requests`);
  const scriptBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    jsKb: scriptBytes / 1024,
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    version: lhr.lighthouseVersion,
  };
}

/**
 * The browser signed in as the server signs it in (docs/decisions/042), for `host` only, replacing whatever
 * cookies it held: the HttpOnly session and the readable hint the app checks before it asks anything.
 * Browser-level cookies: puppeteer deprecates page.setCookie for them.
 */
export async function useSession(browser: Browser, host: string, session: string): Promise<void> {
  await browser.deleteCookie(...(await browser.cookies()));
  await browser.setCookie(
    { name: 'ooh_session', value: session, domain: host, path: '/', httpOnly: true, sameSite: 'Lax' },
    { name: 'ooh_signed_in', value: '1', domain: host, path: '/', sameSite: 'Lax' },
  );
}

/** `run` in a tab of the browser on DevTools `port`, signed in with `session` for `host` (useSession). */
async function signedIn<T>(port: number, host: string, session: string, run: (tab: Page) => Promise<T>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await useSession(browser, host, session);
    return await run(await browser.newPage());
  } finally {
    await browser.disconnect();
  }
}

interface NetworkRow {
  resourceType?: string;
  transferSize?: number;
}

/** A standard campaign's id of the demo catalogue, for the campaign page. */
async function firstCampaignId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/campaign?page=1&page_size=1`);
  if (!res.ok) throw new Error(`GET /api/campaign: ${res.status}`);
  const body = (await res.json()) as { payload: { results: Array<{ id: number }> } };
  const id = body.payload.results[0]?.id;
  if (id === undefined) throw new Error('the demo catalogue has no campaigns');
  return id;
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

/** Builds the SPA, serves it from the API on a fresh demo catalogue, and measures it. */
export async function measureWeb(options: WebBenchOptions): Promise<WebBenchResult> {
  const { log } = options;
  mkdirSync(LOG_DIR, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-web-bench-'));
  const webDist = path.join(tmp, 'dist');
  try {
    log('web: building the SPA');
    await buildWeb(webDist);
    log(`web: starting the API on a fresh demo catalogue (log in ${path.relative(ROOT, LOG_DIR)})`);
    const server = await startWebServer(options.port, webDist, path.join(tmp, 'data'));
    try {
      const productId = await firstProductId(server.url);
      const campaignId = await firstCampaignId(server.url);
      const devKey = readFileSync(path.join(tmp, 'data', 'dev-outbox-key'), 'utf8').trim();
      const order = await signedInPaidOrder(
        await fetchSites(server.url, 50),
        server.url,
        devKey,
        '9811122244',
      );
      const pages: Array<{ page: string; path: string; session?: string }> = [
        { page: 'home', path: '/' },
        { page: 'products', path: '/products' },
        { page: 'customize', path: '/customize' },
        { page: 'product', path: `/product/${productId}` },
        { page: 'campaign', path: `/campaign/${campaignId}` },
        { page: 'city', path: '/outdoor-advertising/mumbai' },
        { page: 'cart', path: '/cart' },
        { page: 'order', path: `/my-orders/${order.orderId}`, session: order.session },
      ];
      // Warm the server (first requests compile routes and fill the catalogue cache), not the browser.
      for (const page of pages) {
        const headers = page.session ? { cookie: `ooh_session=${page.session}` } : undefined;
        await fetch(`${server.url}${page.path}`, { headers }).then((r) => r.arrayBuffer());
      }
      const results: PageResult[] = [];
      const indexes: number[] = [];
      let version = '';
      for (const page of pages) {
        const runs: RunMetrics[] = [];
        for (let i = 0; i < options.runs; i++) {
          // A fresh browser and profile per run: nothing cached between runs.
          for (let attempt = 1; ; attempt++) {
            const profile = path.join(tmp, `chromium-${page.page}-${i}-${attempt}`);
            const chromium = await launchChromium(options.port + 1, profile);
            try {
              runs.push(await lighthouseOnce(`${server.url}${page.path}`, options.port + 1, page.session));
              break;
            } catch (err) {
              if (!(err instanceof LighthouseRunError && REMEASURED.has(err.code) && attempt === 1))
                throw err;
              log(`web: ${page.path} run ${i + 1}: ${err.message}; measuring again`);
            } finally {
              await stopChild(chromium);
              await sleep(200);
              rmSync(profile, { recursive: true, force: true });
            }
          }
          const r = runs[runs.length - 1];
          log(
            `web: ${page.path} run ${i + 1}: score ${r.score}, a11y ${r.a11y}, LCP ${r.lcp.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms, JS ${r.jsKb.toFixed(0)} KB`,
          );
        }
        indexes.push(...runs.map((r) => r.benchmarkIndex));
        version = runs[0].version;
        results.push({
          page: page.page,
          path: page.path,
          score: median(runs.map((r) => r.score)),
          a11y: median(runs.map((r) => r.a11y)),
          jsKb: median(runs.map((r) => r.jsKb)),
          lcp: median(runs.map((r) => r.lcp)),
          cls: median(runs.map((r) => r.cls)),
          tbt: median(runs.map((r) => r.tbt)),
          scores: runs.map((r) => r.score),
        });
      }
      return { pages: results, benchmarkIndex: median(indexes), lighthouseVersion: version };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The markdown the harness appends to bench/results.md: one table per half, with how it was measured. */
export function renderWeb(result: WebBenchResult, runs: number): string {
  const pages = result.pages.map(
    (p) =>
      `| ${p.path} | ${p.score} (${p.scores.join(', ')}) | ${p.a11y} | ${p.lcp.toFixed(0)} | ${p.tbt.toFixed(0)} | ${p.cls.toFixed(3)} | ${p.jsKb.toFixed(1)} |`,
  );
  return [
    `Web: Lighthouse ${result.lighthouseVersion} in ${CHROMIUM} (headless), mobile form factor with the default simulated throttling (slow 4G, 4x CPU), performance and accessibility; median of ${runs} runs per page, each metric on its own, each run in a fresh browser profile; JS KB = script bytes transferred on the first load; benchmarkIndex ${result.benchmarkIndex.toFixed(0)}. Issue 21's budgets: performance and accessibility >= 95, JS <= 200 KB, CLS <= 0.05.`,
    '',
    '| page | performance (runs) | accessibility | LCP ms | TBT ms | CLS | JS KB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...pages,
  ].join('\n');
}

/** Measures and renders; what `npm run bench` appends to its notes (and `npm run bench:web` prints). */
export async function runWebBench(options: WebBenchOptions): Promise<string> {
  return renderWeb(await measureWeb(options), options.runs);
}
