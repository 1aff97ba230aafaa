/**
 * npm run bench:first-load -- [--dist apps/web/dist] [--port 4200]: the JavaScript a browser really loads
 * for the buyer's first pages (/, /products, /product/:id) of a built SPA, served by the real API on a fresh
 * demo catalogue: every script response (the entry chunk, the route's modulepreloads and what the page
 * imports while it starts) until the network is idle, raw and gzipped (level 9, as the precompressing server
 * sends it). Also flags any file of the consoles (src/partner, src/ops) among them. Point --dist at another
 * build (e.g. of an older commit) to compare.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { firstProductId, startWebServer } from './lighthouse.ts';
import { ROOT } from './server.ts';
import { consoleFiles, hasModuleMap } from './web-sizes.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Phone and desktop: what loads before idle depends on what is near the viewport. */
const WIDTHS = [375, 1280];

interface Loaded {
  path: string;
  width: number;
  files: Array<{ file: string; raw: number; gzip: number }>;
  consoleFiles: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { dist: { type: 'string' }, port: { type: 'string' }, verbose: { type: 'boolean' } },
  });
  const dist = path.resolve(values.dist ?? path.join(ROOT, 'apps/web/dist'));
  const port = Number(values.port ?? 4200);
  // Builds older than apps/web/build/chunk-modules.ts have no module map (and no consoles).
  const consoleCode = hasModuleMap(dist) ? consoleFiles(dist) : new Set<string>();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-first-load-'));
  mkdirSync(path.join(ROOT, 'bench', 'tmp'), { recursive: true });
  const server = await startWebServer(port, dist, path.join(tmp, 'data'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: Loaded[] = [];
  try {
    const productId = await firstProductId(server.url);
    for (const width of WIDTHS) {
      for (const page of ['/', '/products', `/product/${productId}`]) {
        // A fresh context per page: an empty cache, as a first visit.
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const tab = await context.newPage();
        const bodies: Array<Promise<Loaded['files'][number] | null>> = [];
        const onFinished = (request: Request) => {
          const url = new URL(request.url());
          if (!url.pathname.endsWith('.js')) return;
          bodies.push(
            request
              .response()
              .then((response) => response?.body() ?? null)
              .then((body) =>
                body
                  ? {
                      file: url.pathname.slice(1),
                      raw: body.length,
                      gzip: gzipSync(body, { level: 9 }).length,
                    }
                  : null,
              )
              // A late script whose page is gone by then is not part of the first load.
              .catch(() => null),
          );
        };
        tab.on('requestfinished', onFinished);
        await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
        tab.off('requestfinished', onFinished);
        const files = (await Promise.all(bodies)).filter((f) => f !== null);
        await context.close();
        results.push({
          path: page,
          width,
          files,
          consoleFiles: files.map((f) => f.file).filter((f) => consoleCode.has(f)),
        });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    `First-load JavaScript of ${path.relative(ROOT, dist) || dist} (${consoleCode.size} files with console code in the build)\n`,
  );
  console.log('| page | width | JS files requested | raw KB | gzip KB | console files |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const raw = r.files.reduce((s, f) => s + f.raw, 0);
    const gzip = r.files.reduce((s, f) => s + f.gzip, 0);
    console.log(
      `| ${r.path} | ${r.width} | ${r.files.length} | ${kb(raw)} | ${kb(gzip)} | ${r.consoleFiles.length} |`,
    );
    if (values.verbose)
      for (const f of r.files) console.log(`|   ${f.file} | | | ${kb(f.raw)} | ${kb(f.gzip)} | |`);
  }
  if (results.some((r) => r.consoleFiles.length > 0)) {
    console.error(`Console code on a buyer page: ${results.flatMap((r) => r.consoleFiles).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
