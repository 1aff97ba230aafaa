/**
 * npm run bench:long-tasks -- URL [--cpu 4] [--min 50]: where a page's blocking time goes. Loads URL once in
 * Debian's Chromium as a phone (412 px, CPU slowed down as Lighthouse's simulation does), records a trace
 * with the JavaScript sampling profiler, and prints each main-thread task of `--min` ms or more with the
 * functions that took its time (self and inclusive). Run it against the built product (`npm start`), or a
 * build made with BUILD_NO_MINIFY=1 to read React's and the components' own names (docs/benchmarks.md).
 */
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args: { name?: string; data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

const USAGE = 'npm run bench:long-tasks -- URL [--cpu 4] [--min 50] [--top 8]';

async function record(url: string, cpu: number, file: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await browser.startTracing(page, {
      path: file,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    // What runs after load (hydration, the first fetches' answers) is most of the blocking time.
    await page.waitForTimeout(6000);
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
}

function report(file: string, url: string, minMs: number, top: number): void {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer: the process that parsed the page's HTML (about:blank, and Chromium's own new tab
  // page, run in processes of their own).
  const origin = new URL(url).origin;
  const pid = events.find(
    (e) =>
      e.name === 'ParseHTML' &&
      String((e.args as { beginData?: { url?: string } }).beginData?.url ?? '').startsWith(origin),
  )?.pid;
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args.name === 'CrRendererMain',
  );
  if (pid === undefined || !main) throw new Error('no renderer main thread in the trace');
  const tasks = events.filter(
    (e) =>
      e.pid === pid &&
      e.tid === main.tid &&
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      (e.dur ?? 0) >= minMs * 1000,
  );

  const nodes = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  const samples: Array<{ id: number; ts: number }> = [];
  let start = 0;
  let clock = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') start = (e.args.data?.startTime as number) ?? 0;
    if (e.name !== 'ProfileChunk') continue;
    const profile = (e.args.data?.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
    for (const node of profile.nodes ?? []) {
      nodes.set(node.id, node);
      if (node.parent) parent.set(node.id, node.parent);
      for (const child of node.children ?? []) parent.set(child, node.id);
    }
    const deltas = (e.args.data?.timeDeltas ?? []) as number[];
    (profile.samples ?? []).forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ id, ts: start + clock });
    });
  }
  const label = (node: ProfileNode) => {
    const f = node.callFrame;
    const where = f.url
      ? ` ${path.basename(f.url).slice(0, 48)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
      : '';
    return `${f.functionName || '(anonymous)'}${where}`;
  };

  const first = tasks[0]?.ts ?? 0;
  let blocking = 0;
  for (const task of tasks) {
    const duration = (task.dur ?? 0) / 1000;
    blocking += duration - 50;
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + (task.dur ?? 0));
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    inside.forEach((sample, i) => {
      const spent = ((inside[i + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
      const node = nodes.get(sample.id);
      if (!node) return;
      self.set(label(node), (self.get(label(node)) ?? 0) + spent);
      const seen = new Set<string>();
      for (let id: number | undefined = sample.id; id !== undefined; id = parent.get(id)) {
        const at = nodes.get(id);
        if (!at) break;
        const name = label(at);
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + spent);
      }
    });
    const list = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, ms]) => `      ${ms.toFixed(0).padStart(5)} ms  ${name}`)
        .join('\n');
    console.log(`\ntask at +${((task.ts - first) / 1000).toFixed(0)} ms: ${duration.toFixed(0)} ms`);
    console.log(`   self:\n${list(self)}`);
    console.log(`   inclusive:\n${list(inclusive)}`);
  }
  console.log(`\n${tasks.length} tasks of ${minMs} ms or more; ${blocking.toFixed(0)} ms over 50 ms in all.`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { cpu: { type: 'string' }, min: { type: 'string' }, top: { type: 'string' } },
  });
  const url = positionals[0];
  const cpu = Number(values.cpu ?? 4);
  const min = Number(values.min ?? 50);
  const top = Number(values.top ?? 8);
  if (!url || !/^https?:\/\//.test(url) || !(cpu >= 1) || !(min > 0) || !(top > 0)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const file = path.join(os.tmpdir(), `long-tasks-${process.pid}.json`);
  try {
    await record(url, cpu, file);
    report(file, url, min, top);
  } finally {
    rmSync(file, { force: true });
  }
}

await main();
