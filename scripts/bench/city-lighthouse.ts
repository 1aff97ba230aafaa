/**
 * npx tsx scripts/bench/city-lighthouse.ts --url http://localhost:3108 [--path /outdoor-advertising/mumbai]
 * [--runs 5] [--json PREFIX]: Lighthouse (mobile, simulated throttling, as scripts/bench/lighthouse.ts) performance and
 * accessibility of a city page on a running server; a fresh browser per run; medians. --json writes each run's
 * full report to PREFIX-N.json (long tasks, layout shifts, the largest paint's element) for a closer look.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launchChromium } from './lighthouse.ts';
import { stopChild } from './server.ts';
import { median } from './table.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    url: { type: 'string' },
    path: { type: 'string' },
    runs: { type: 'string' },
    port: { type: 'string' },
    json: { type: 'string' },
  },
});
const url = `${values.url ?? 'http://localhost:3108'}${values.path ?? '/outdoor-advertising/mumbai'}`;
const runs = Number(values.runs ?? 5);
const devtools = Number(values.port ?? 3109);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-city-lh-'));
const perf: number[] = [];
const a11y: number[] = [];
const lcp: number[] = [];
const cls: number[] = [];
const tbt: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const chromium = await launchChromium(devtools, path.join(tmp, `profile-${i}`));
    try {
      const result = await lighthouse(url, {
        port: devtools,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}`);
      const { lhr } = result;
      if (values.json) writeFileSync(`${values.json}-${i + 1}.json`, JSON.stringify(lhr));
      perf.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      a11y.push(Math.round((lhr.categories.accessibility.score ?? 0) * 100));
      lcp.push(lhr.audits['largest-contentful-paint'].numericValue ?? 0);
      cls.push(lhr.audits['cumulative-layout-shift'].numericValue ?? 0);
      tbt.push(lhr.audits['total-blocking-time'].numericValue ?? 0);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      console.log(
        `run ${i + 1}: performance ${perf.at(-1)}, accessibility ${a11y.at(-1)}, LCP ${lcp.at(-1)?.toFixed(0)} ms, CLS ${cls.at(-1)?.toFixed(3)}, TBT ${tbt.at(-1)?.toFixed(0)} ms${failed.length ? `; failing: ${failed.join(', ')}` : ''}`,
      );
    } finally {
      await stopChild(chromium);
    }
  }
  console.log(
    `median of ${runs}: performance ${median(perf)}, accessibility ${median(a11y)}, LCP ${median(lcp).toFixed(0)} ms, CLS ${median(cls).toFixed(3)}, TBT ${median(tbt).toFixed(0)} ms`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
