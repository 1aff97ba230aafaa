import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type AutocannonRequest } from 'autocannon';
import type { BenchOptions } from './args.ts';
import type { Scenario } from './scenarios.ts';

/** One measured load: requests per second (mean) and latency percentiles in milliseconds. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed, timed out or answered other than 2xx: a non-zero count marks the row. */
  failed: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A request sequence each connection cycles through (the book-and-pay flow). */
  requests?: AutocannonRequest[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  // autocannon treats a key set to undefined as given (method: undefined fails), so only set what is known.
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.method && { method: options.method }),
    ...(options.headers && { headers: options.headers }),
    ...(options.body !== undefined && { body: options.body }),
    ...(options.requests && { requests: options.requests }),
  });
  return {
    // Completed requests over the measured seconds: steadier than the mean of 1-second samples in short cells.
    rps: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

/** An unmeasured load of up to 2 s at the largest connection count, before a scenario's cells. */
export async function warmUp(options: BenchOptions, url: string, scenario: Scenario): Promise<void> {
  await runLoad({
    url,
    connections: Math.max(...options.connections),
    durationSeconds: Math.min(2, options.durationSeconds),
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
}

/** Milliseconds one GET takes (body read). */
export async function timed(url: string): Promise<number> {
  const started = performance.now();
  await fetch(url, { signal: AbortSignal.timeout(180_000) }).then((res) => res.arrayBuffer());
  return performance.now() - started;
}

/**
 * autocannon stops at its deadline without waiting for the requests the server has queued (PGlite runs one
 * query at a time, and each request makes several), so the next cell would start against a backlog. Probe
 * until a read is about as fast as on the idle server, three times in a row.
 */
export async function settle(url: string, idleMs: number): Promise<void> {
  const limit = Math.max(20, idleMs * 3);
  const until = Date.now() + 180_000;
  let fast = 0;
  while (fast < 3 && Date.now() < until) {
    fast = (await timed(url)) <= limit ? fast + 1 : 0;
  }
}

/** CPU ticks (utime + stime, 1/100 s) process `pid` has used, or null where /proc cannot say. */
function cpuTicks(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the server's own background work is done: the jobs a paid order starts (its invoice, the
 * notifications, the map grid rebuilt after a catalogue change) and the recurring ones ran into whichever
 * cell came next and moved a ratio by a third between runs. Idle = under 2 ticks (20 ms of CPU) in half a
 * second, twice in a row; at most 30 s. Linux only; elsewhere it returns at once.
 */
export async function untilIdle(pid: number): Promise<void> {
  const until = Date.now() + 30_000;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (last !== null && quiet < 2 && Date.now() < until) {
    await sleep(500);
    const now = cpuTicks(pid);
    if (now === null) return;
    quiet = now - last < 2 ? quiet + 1 : 0;
    last = now;
  }
}
