/**
 * npm run bench:web [-- --port 4100 --runs 3 --url http://127.0.0.1:3000 --only home,cart --profile]: only the
 * web half of the benchmark (Lighthouse on the buyer's pages: performance, accessibility, LCP, TBT, CLS and the
 * JavaScript transferred, median of the runs). Builds and starts the product unless --url names a running one.
 * Prints the table and writes it to bench/web-results.md; bench/results.md is left alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runWebBench } from './lighthouse.ts';
import { ROOT } from './server.ts';

const USAGE =
  'npm run bench:web -- [--port 4100] [--runs 3] [--url URL] [--only home,products,...] [--profile]   (Chromium DevTools on port + 1)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      port: { type: 'string' },
      runs: { type: 'string' },
      url: { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port ?? 4100);
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(port) || port < 1 || port > 65534 || !Number.isInteger(runs) || runs < 1) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const started = new Date();
  const markdown = await runWebBench({
    port,
    runs,
    url: values.url,
    only: values.only?.split(','),
    profile: values.profile,
    log: (line) => console.error(`[bench] ${line}`),
  });
  console.log(markdown);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench', 'web-results.md'),
    `# Web benchmark results\n\n${started.toISOString()}, Node ${process.version}.\n\n${markdown}\n`,
  );
  console.error(
    `[bench] wrote bench/web-results.md in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`,
  );
}

await main();
