// npm test: every layer. 1) vitest: shared rules, the API on PGlite and on PostgreSQL (TEST_DATABASE_URL
// when set, else an embedded PostgreSQL the test setup starts), web components. 2) the built product in a
// real Chromium with Playwright. No retries anywhere: a test that fails once fails the run (decision 041).
// Prints how many tests ran on each database, and ends with one plain line "N passed, N failed" summing
// both runners.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, ROOT, run } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const e2eOnly = args.has('--e2e-only');
const tmp = path.join(ROOT, '.tmp');
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;
let perDatabase = '';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (!e2eOnly) {
  const out = path.join(tmp, 'vitest-results.json');
  const countsOut = path.join(tmp, 'vitest-project-counts.json');
  rmSync(out, { force: true });
  rmSync(countsOut, { force: true });
  const code = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--retry=0',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      `--reporter=${path.join(ROOT, 'scripts/test/vitest-project-counts.mjs')}`,
    ],
    { env: { ...process.env, VITEST_PROJECT_COUNTS: countsOut } },
  );
  const counts = readJson(countsOut);
  if (counts) {
    perDatabase = ['api-pglite', 'api-postgres']
      .map((name) => `${name}: ${(counts[name]?.passed ?? 0) + (counts[name]?.failed ?? 0)} tests`)
      .join(', ');
    console.log(`\n${perDatabase}`);
  }
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

if (!ensureChromium()) {
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

await buildWeb();
const pwOut = path.join(tmp, 'playwright-results.json');
rmSync(pwOut, { force: true });
const pwCode = await run(
  process.execPath,
  // --retries=0 whatever the config says: a journey that passes only on a second try is a failure.
  [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--retries=0'],
  {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut },
  },
);
const pw = readJson(pwOut);
if (pw?.stats) {
  totals.passed += pw.stats.expected ?? 0;
  // A flaky test (failed, then passed on a retry) is a failure: it cannot happen with no retries, but a
  // config that brings retries back must not turn failures into passes.
  totals.failed += (pw.stats.unexpected ?? 0) + (pw.stats.flaky ?? 0);
  totals.skipped += pw.stats.skipped ?? 0;
}
if (pwCode !== 0 || (pw?.stats?.flaky ?? 0) > 0) {
  failed = true;
  if (!pw?.stats?.unexpected && !pw?.stats?.flaky) totals.failed += 1;
}

if (perDatabase) console.log(`\n${perDatabase}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failed ? 1 : 0);
