import { parseArgs } from 'node:util';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { url: { type: 'string' } },
});
const base = values.url ?? 'http://localhost:3108';
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
