// npm test: every layer (decisions 041 and 071). vitest runs the shared rules, the API on PostgreSQL
// (TEST_DATABASE_URL when set, else an embedded PostgreSQL the test setup starts), the PGlite smoke set and
// the web components; Playwright runs the built product in a real Chromium, one server per worker. The two
// runners are independent layers and run at the same time (`--serial`: one after the other); the web build
// goes before the journeys. No retries anywhere: a test that fails once fails the run (decision 041).
// Ends with a table of each layer's tests and wall time, so later work sees which layer grows, then one
// plain line "N passed, N failed" summing both runners; exits non-zero on any failure.
//
//   --e2e-only        the journeys alone;  --no-e2e   everything but the journeys
//   --serial          the layers one after another (to compare, or on a machine short of memory)
//   TEST_VITEST_WORKERS (default 1 beside the journeys, else 2) vitest's workers; E2E_WORKERS (default 2) Playwright's, one server each
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiBuildIsStale, buildApi, buildWeb, ROOT } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const e2eOnly = args.has('--e2e-only');
const noE2e = args.has('--no-e2e');
const serial = args.has('--serial');
const tmp = path.join(ROOT, '.tmp');
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** One row per layer: name, tests run (or null for a build), seconds, ok. */
const rows = [];
let failed = false;
let perDatabase = '';
const runStarted = Date.now();
const machineAtStart = machineCpu();

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const seconds = (since) => (Date.now() - since) / 1000;

/** This process's CPU seconds and its waited-for children's (Linux /proc, in USER_HZ = 100 ticks); else null. */
function wholeRunCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command name: utime, stime, cutime, cstime are fields 14-17 of proc(5), here 11-14.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return null;
  }
}

/**
 * The whole machine's busy CPU seconds so far (Linux /proc/stat: user, nice, system, irq, softirq, steal, in
 * USER_HZ), or null. Compared with the run's own figure it tells a slow run on a busy machine (other
 * processes took the cores) from a run that grew: the PostgreSQL server the API tests use is counted here only.
 */
function machineCpu() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** `times` of POSIX sh: "0m0.01s 0m0.00s" (the shell) then the same for its waited-for children. */
function parseTimes(text) {
  const values = [...text.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return values.length >= 4 ? values[2] + values[3] : null;
}

/**
 * Runs a command with its output prefixed line by line (`[name] ...`), so two layers running at once stay
 * readable; resolves with its exit code and the CPU seconds (user + system) of the command and every
 * process it waited for (its workers, servers and browsers): on a shared machine wall time says little,
 * CPU time says what the layer costs. Measured by the shell's `times` after the command exits (POSIX).
 */
function runPrefixed(name, cmd, cmdArgs, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      '/bin/sh',
      ['-c', '"$@"; status=$?; times >&3; exit $status', 'sh', cmd, ...cmdArgs],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], ...options },
    );
    let times = '';
    child.stdio[3].setEncoding('utf8');
    child.stdio[3].on('data', (chunk) => {
      times += chunk;
    });
    const prefix = serial ? '' : `[${name}] `;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix}${line}\n`);
      });
      from.on('end', () => {
        if (rest) to.write(`${prefix}${rest}\n`);
      });
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), cpu: parseTimes(times) }));
  });
}

async function vitestLayers() {
  const out = path.join(tmp, 'vitest-results.json');
  const countsOut = path.join(tmp, 'vitest-project-counts.json');
  rmSync(out, { force: true });
  rmSync(countsOut, { force: true });
  const started = Date.now();
  const { code, cpu } = await runPrefixed(
    'vitest',
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--retry=0',
      // One worker beside the journeys (which take longer anyway, and whose servers and browsers need the
      // cores); two when vitest runs alone (--serial, --no-e2e).
      `--maxWorkers=${process.env.TEST_VITEST_WORKERS ?? (serial || noE2e ? 2 : 1)}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      `--reporter=${path.join(ROOT, 'scripts/test/vitest-project-counts.mjs')}`,
    ],
    { env: { ...process.env, VITEST_PROJECT_COUNTS: countsOut } },
  );
  const counts = readJson(countsOut) ?? {};
  for (const name of ['shared', 'api-postgres', 'api-pglite', 'web']) {
    const c = counts[name];
    if (!c) continue;
    rows.push({ name, tests: c.passed + c.failed, seconds: c.seconds, ok: c.failed === 0 });
  }
  rows.push({
    name: 'vitest (all of the above)',
    tests: null,
    seconds: seconds(started),
    cpu,
    ok: code === 0,
  });
  perDatabase = ['api-pglite', 'api-postgres']
    .map((name) => `${name}: ${(counts[name]?.passed ?? 0) + (counts[name]?.failed ?? 0)} tests`)
    .join(', ');
  const r = readJson(out);
  if (r) {
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (code !== 0) {
    failed = true;
    if (!r?.numFailedTests) totals.failed += 1;
  }
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    hasApt = true;
  } catch {}
  if (isRoot && hasApt) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium)...');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
        shell: '/bin/sh',
      });
    } catch {}
    return existsSync(CHROMIUM);
  }
  return false;
}

async function e2eLayers() {
  let started = Date.now();
  try {
    await buildWeb();
    rows.push({ name: 'web build', tests: null, seconds: seconds(started), ok: true });
  } catch (err) {
    console.error(err.message);
    rows.push({ name: 'web build', tests: null, seconds: seconds(started), ok: false });
    failed = true;
    totals.failed += 1;
    return;
  }
  const pwOut = path.join(tmp, 'playwright-results.json');
  rmSync(pwOut, { force: true });
  started = Date.now();
  const { code: pwCode, cpu: pwCpu } = await runPrefixed(
    'e2e',
    process.execPath,
    // --retries=0 whatever the config says: a journey that passes only on a second try is a failure.
    [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--retries=0'],
    // Built just now: the config need not check.
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut, E2E_BUILT: '1' } },
  );
  const pw = readJson(pwOut);
  const unexpected = (pw?.stats?.unexpected ?? 0) + (pw?.stats?.flaky ?? 0);
  if (pw?.stats) {
    totals.passed += pw.stats.expected ?? 0;
    // A flaky test (failed, then passed on a retry) is a failure: it cannot happen with no retries, but a
    // config that brings retries back must not turn failures into passes.
    totals.failed += unexpected;
    totals.skipped += pw.stats.skipped ?? 0;
  }
  const ok = pwCode === 0 && unexpected === 0;
  rows.push({
    name: 'e2e',
    tests: pw?.stats ? (pw.stats.expected ?? 0) + unexpected : null,
    seconds: seconds(started),
    cpu: pwCpu,
    ok,
  });
  if (!ok) {
    failed = true;
    if (!unexpected) totals.failed += 1;
  }
}

// Once, before the layers: the process tests and the journeys' servers run this build.
const apiBuildStarted = Date.now();
if (apiBuildIsStale()) await buildApi();
rows.push({ name: 'api build', tests: null, seconds: seconds(apiBuildStarted), ok: true });

if (!noE2e && !ensureChromium()) {
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const layers = [];
if (!e2eOnly) layers.push(vitestLayers);
if (!noE2e) layers.push(e2eLayers);
if (serial) for (const layer of layers) await layer();
else await Promise.all(layers.map((layer) => layer()));

if (perDatabase) console.log(`\n${perDatabase}`);
const OUTSIDE = 'outside the run (PostgreSQL, others)';
const width = Math.max(...rows.map((r) => r.name.length), OUTSIDE.length);
const cpuCell = (cpu) => (cpu == null ? '' : cpu.toFixed(0)).padStart(8);
console.log(
  `\n${'layer'.padEnd(width)}  ${'tests'.padStart(6)}  ${'seconds'.padStart(8)}  ${'cpu s'.padStart(8)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(width)}  ${String(r.tests ?? '').padStart(6)}  ${r.seconds.toFixed(1).padStart(8)}  ${cpuCell(r.cpu)}${r.ok ? '' : '  FAILED'}`,
  );
}
console.log(
  `${`whole run (${serial ? 'serial' : 'layers in parallel'})`.padEnd(width)}  ${''.padStart(6)}  ${seconds(runStarted).toFixed(1).padStart(8)}  ${cpuCell(wholeRunCpu())}`,
);
const machineNow = machineCpu();
const ownCpu = wholeRunCpu();
if (machineAtStart != null && machineNow != null && ownCpu != null) {
  const outside = Math.max(0, machineNow - machineAtStart - ownCpu);
  console.log(`${OUTSIDE.padEnd(width)}  ${''.padStart(6)}  ${''.padStart(8)}  ${cpuCell(outside)}`);
}
console.log(
  `(cpu s: user + system seconds of the runner and the processes it waited for; on ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end)`,
);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
// Any failed test fails the run, whatever a runner's exit code said.
process.exit(failed || totals.failed > 0 ? 1 : 0);
