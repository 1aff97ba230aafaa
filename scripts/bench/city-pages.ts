/**
 * npx tsx scripts/bench/city-pages.ts --url http://localhost:3108 [--dist apps/web/dist] [--data-dir data]: the two ways of
 * serving the city pages (docs/decisions/033), measured on a running server with the demo catalogue.
 * (a) rendered per request by the API (plugins/web-pages.ts): the first request of each city page (render)
 *     and repeats (the kept page), as a browser asks (brotli); sizes raw and brotli.
 * (b) prerendered at build time: every city and city/format page rendered with the build's renderer from the
 *     API's answers, as a build step would, timed per page, with the bytes it would write.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { url: { type: 'string' }, dist: { type: 'string' }, 'data-dir': { type: 'string' } },
});
// The server's dev key (its DATA_DIR/dev-outbox-key): only with it does no-cache reach the database.
const keyFile = path.resolve(values['data-dir'] ?? 'data', 'dev-outbox-key');
const devKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
const base = values.url ?? 'http://localhost:3108';
const dist = path.resolve(values.dist ?? 'apps/web/dist');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  // fetch decodes the body: the bytes on the wire are the brotli answer's length.
  return {
    ms: performance.now() - start,
    bytes: Number(res.headers.get('content-length')),
    status: res.status,
  };
}

const { cities } = (await (await fetch(`${base}/api/outdoor-advertising`)).json()) as {
  cities: Array<{ slug: string; formats: Array<{ slug: string }> }>;
};
const paths = cities.flatMap((c) => [
  `/outdoor-advertising/${c.slug}`,
  ...c.formats.map((f) => `/outdoor-advertising/${c.slug}/${f.slug}`),
]);
console.log(`${cities.length} cities, ${paths.length} pages`);

// (a) per request
const first: number[] = [];
const again: number[] = [];
const brSizes: number[] = [];
for (const p of paths) {
  const r = await timed(base + p);
  if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
  first.push(r.ms);
  brSizes.push(r.bytes);
}
for (let round = 0; round < 5; round++) for (const p of paths) again.push((await timed(base + p)).ms);
const rawSizes: number[] = [];
for (const p of paths) rawSizes.push((await (await fetch(base + p)).arrayBuffer()).byteLength);
console.log(
  `(a) per request: first (render) median ${ms(median(first))}, max ${ms(Math.max(...first))}; kept page median ${ms(median(again))}; ` +
    `HTML median ${(median(rawSizes) / 1024).toFixed(0)} KB raw, ${(median(brSizes) / 1024).toFixed(1)} KB brotli`,
);

// (b) build time
const { renderDocument } = (await import(
  pathToFileURL(path.join(`${dist}-server`, 'entry-prerender.js')).href
)) as {
  renderDocument: (template: string, url: string, data: Record<string, unknown>) => Promise<string>;
};
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const directory = await (await fetch(`${base}/api/outdoor-advertising`)).json();
const perPage: number[] = [];
let fetchMs = 0;
let brMs = 0;
let total = 0;
let totalBr = 0;
const started = performance.now();
for (const p of paths) {
  const t0 = performance.now();
  const answer = await (
    await fetch(`${base}/api${p}`, {
      headers: { 'cache-control': 'no-cache', 'x-dev-key': devKey },
    })
  ).json();
  const t1 = performance.now();
  fetchMs += t1 - t0;
  const html = await renderDocument(template, p, {
    [`/api${p}`]: answer,
    '/api/outdoor-advertising': directory,
  });
  perPage.push(performance.now() - t1);
  total += Buffer.byteLength(html);
  const t2 = performance.now();
  totalBr += brotliCompressSync(html).byteLength; // quality 11, as build/precompress.ts writes .br
  brMs += performance.now() - t2;
}
console.log(
  `(b) build time: ${paths.length} pages in ${ms(performance.now() - started)} (data ${ms(fetchMs)}, brotli 11 ${ms(brMs)}), render median ${ms(median(perPage))}, mean ${ms(perPage.reduce((a, b) => a + b, 0) / perPage.length)}, max ${ms(Math.max(...perPage))}; ` +
    `writes ${(total / 1024 / 1024).toFixed(1)} MB raw + ${(totalBr / 1024 / 1024).toFixed(2)} MB .br`,
);
