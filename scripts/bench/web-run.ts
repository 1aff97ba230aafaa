/**
 * npm run bench:web [-- --port 4100 --runs 3]: only the web half of the benchmark (Lighthouse and first-load
 * JavaScript). Prints the tables and writes them to bench/web-results.md; bench/results.md is left alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runWebBench } from './lighthouse.ts';
import { ROOT } from './server.ts';

const USAGE = 'npm run bench:web -- [--port 4100] [--runs 3]   (Chromium DevTools on port + 1)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { port: { type: 'string' }, runs: { type: 'string' }, help: { type: 'boolean' } },
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
  const markdown = await runWebBench({ port, runs, log: (line) => console.error(`[bench] ${line}`) });
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
