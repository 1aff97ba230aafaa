// The import rules (decisions 025 and 072), checked with dependency-cruiser on every `npm run lint`:
// 1. .dependency-cruiser.cjs over apps/ and packages/shared: the web areas, routes -> services ->
//    repositories, packages/shared pure, no import circle between the API's files;
// 2. .dependency-cruiser.graph.cjs over the API's modules: no cycle between apps/api/src/modules/*;
// 3. the probes below: each rule really refuses a violation and lets an allowed import pass, so a rule
//    cannot rot silently (a typo in a path pattern would otherwise pass everything).
// Known violations still being untangled live in .dependency-cruiser-known-violations*.json; a new
// violation fails, a fixed one must leave the list (`--baseline` rewrites both lists from today's tree).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url).pathname;
process.chdir(root);

const RUNS = [
  {
    name: 'import rules',
    config: require(join(root, '.dependency-cruiser.cjs')),
    files: ['apps', 'packages/shared'],
    known: '.dependency-cruiser-known-violations.json',
  },
  {
    name: 'module graph',
    config: require(join(root, '.dependency-cruiser.graph.cjs')),
    files: ['apps/api/src/modules'],
    known: '.dependency-cruiser-known-violations.graph.json',
  },
];

/** [file, import, rule that must refuse it, or null = must pass]: the rules at work. */
const PROBES = [
  ['apps/web/src/partner/features/sites/a.tsx', 'apps/web/src/features/home/home-page.tsx', 'web-room'],
  ['apps/web/src/partner/features/sites/a.tsx', 'apps/web/src/ops/components/ops-layout.tsx', 'web-room'],
  [
    'apps/web/src/partner/features/sites/a.tsx',
    'apps/web/src/partner/features/calendar/calendar-page.tsx',
    'web-room-feature',
  ],
  [
    'apps/web/src/partner/features/sites/api/a.ts',
    'apps/web/src/partner/features/calendar/api/x.ts',
    'web-room-feature',
  ],
  ['apps/web/src/partner/features/sites/a.tsx', 'apps/web/src/lib/auth/auth-context.tsx', null],
  ['apps/web/src/partner/features/sites/a.tsx', 'apps/web/src/components/coming-soon.tsx', null],
  ['apps/web/src/partner/features/sites/a.tsx', 'apps/web/src/partner/partner-api.ts', null],
  ['apps/web/src/partner/features/sites/api/a.ts', 'apps/web/src/partner/features/sites/site-form.tsx', null],
  ['apps/web/src/partner/partner-layout.tsx', 'apps/web/src/ops/components/ops-layout.tsx', 'web-room'],
  ['apps/web/src/partner/partner-layout.tsx', 'apps/web/src/features/cart/cart-page.tsx', 'web-room'],
  [
    'apps/web/src/partner/partner-layout.tsx',
    'apps/web/src/partner/features/onboarding/application-page.tsx',
    null,
  ],
  ['apps/web/src/ops/features/orders/a.tsx', 'apps/web/src/partner/partner-layout.tsx', 'web-room'],
  ['apps/web/src/ops/features/orders/a.tsx', 'apps/web/src/features/auth/verify-mobile-page.tsx', 'web-room'],
  ['apps/web/src/ops/components/ops-layout.tsx', 'apps/web/src/partner/partner-layout.tsx', 'web-room'],
  ['apps/web/src/ops/components/ops-layout.tsx', 'apps/web/src/lib/session.ts', null],
  ['apps/web/src/features/home/a.tsx', 'apps/web/src/features/cart/use-cart.ts', 'web-feature'],
  ['apps/web/src/features/home/components/a.tsx', 'apps/web/src/features/cart/cart-page.tsx', 'web-feature'],
  ['apps/web/src/features/home/components/a.tsx', 'apps/web/src/partner/partner-layout.tsx', 'web-feature'],
  [
    'apps/web/src/features/home/components/a.tsx',
    'apps/web/src/ops/components/ops-layout.tsx',
    'web-feature',
  ],
  ['apps/web/src/features/home/components/a.tsx', 'apps/web/src/features/home/api/latest-products.ts', null],
  ['apps/web/src/features/home/components/a.tsx', 'apps/web/src/lib/session.ts', null],
  ['apps/web/src/features/home/components/a.tsx', 'apps/web/src/app/layout/company-details.tsx', null],
  ['apps/web/src/lib/auth/a.ts', 'apps/web/src/features/auth/verify-mobile-page.tsx', 'web-shared'],
  ['apps/web/src/components/a.tsx', 'apps/web/src/partner/partner-layout.tsx', 'web-shared'],
  ['apps/web/src/components/a.tsx', 'apps/web/src/routes/order.tsx', 'web-shared'],
  ['apps/web/src/components/a.tsx', 'apps/web/src/lib/session.ts', null],
  ['apps/web/src/routes/partner.tsx', 'apps/web/src/partner/partner-layout.tsx', null],
  ['apps/api/src/plugins/a.ts', 'apps/api/src/modules/users/users.repository.ts', 'api-plugin-repository'],
  ['apps/api/src/plugins/a.ts', 'apps/api/src/modules/users/users.service.ts', null],
  [
    'apps/api/src/modules/orders/a.service.ts',
    'apps/api/src/modules/users/users.repository.ts',
    'api-module-repository',
  ],
  [
    'apps/api/src/modules/media/svg/a.ts',
    'apps/api/src/modules/users/users.repository.ts',
    'api-module-repository',
  ],
  ['apps/api/src/modules/orders/a.service.ts', 'apps/api/src/modules/orders/orders.repository.ts', null],
  ['apps/api/src/modules/orders/a.service.ts', 'apps/api/src/modules/users/users.service.ts', null],
  [
    'apps/api/src/modules/orders/a.service.ts',
    'apps/api/src/modules/users/otp-codes.ts',
    'api-module-service-only',
  ],
  [
    'apps/api/src/modules/orders/a.routes.ts',
    'apps/api/src/modules/orders/orders.repository.ts',
    'api-routes-repository',
  ],
  [
    'apps/api/src/modules/orders/a.service.ts',
    'apps/api/src/modules/payouts/payouts.service.ts',
    'api-module-direction',
  ],
  [
    'apps/api/src/modules/payments/a.service.ts',
    'apps/api/src/modules/bookings/bookings.service.ts',
    'api-module-direction',
  ],
  [
    'apps/api/src/modules/orders/a.service.ts',
    'apps/api/src/modules/unplaced/unplaced.service.ts',
    'api-module-direction',
  ],
  ['apps/api/src/modules/payouts/a.service.ts', 'apps/api/src/modules/orders/order-ledger.service.ts', null],
  ['apps/api/src/modules/orders/a.test.ts', 'apps/api/src/modules/payouts/payouts.service.ts', null],
  [
    'apps/api/src/modules/orders/a.service.ts',
    'apps/api/src/workflows/pay.workflow.ts',
    'api-module-imports-workflow',
  ],
  ['apps/api/src/modules/orders/a.routes.ts', 'apps/api/src/workflows/pay.workflow.ts', null],
  [
    'apps/api/src/workflows/a.workflow.ts',
    'apps/api/src/modules/orders/orders.repository.ts',
    'api-workflow-repository',
  ],
  ['apps/api/src/workflows/a.workflow.ts', 'apps/api/src/modules/orders/orders.service.ts', null],
  ['packages/shared/src/a.ts', 'node:fs', 'shared-no-node-core'],
  ['packages/shared/src/a.ts', 'pg', 'shared-pure'],
  ['packages/shared/src/a.ts', 'drizzle-orm/pg-core', 'shared-pure'],
  ['packages/shared/src/a.ts', 'apps/api/src/app.ts', 'shared-pure'],
  ['packages/shared/src/a.ts', 'zod', null],
];

/** Two modules calling each other's services: a cycle; one direction only: none. */
const GRAPH_PROBES = [
  [
    {
      'apps/api/src/modules/a/a.service.ts': "import { b } from '../b/b.service.ts';\nexport const a = b;\n",
      'apps/api/src/modules/b/b.service.ts':
        "import { c } from '../c/sub/c.service.ts';\nexport const b = c;\n",
      'apps/api/src/modules/c/sub/c.service.ts':
        "import { a } from '../../a/a.service.ts';\nexport const c = a;\n",
    },
    true,
  ],
  [
    {
      'apps/api/src/modules/a/a.service.ts': "import { b } from '../b/b.service.ts';\nexport const a = b;\n",
      'apps/api/src/modules/b/b.service.ts':
        "import { c } from '../c/sub/c.service.ts';\nexport const b = c;\n",
      'apps/api/src/modules/c/sub/c.service.ts': 'export const c = 1;\n',
      'apps/api/src/modules/c/c.test.ts': "import { a } from '../a/a.service.ts';\nexport const t = a;\n",
    },
    false,
  ],
];

const cruiseOptions = (config, extra = {}) => ({
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
  outputType: 'json',
  ...extra,
});

const violationsOf = async (run, files, extra) => {
  const { output } = await cruise(files, cruiseOptions(run.config, extra));
  return JSON.parse(output).summary.violations;
};

/** A violation as the known-violations list stores it (the fields depcruise-baseline writes). */
const keyOf = (v) => JSON.stringify([v.rule.name, v.from, v.to, v.cycle?.map((c) => c.name ?? c) ?? []]);

async function probe() {
  const failures = [];
  const dir = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  try {
    const files = [];
    PROBES.forEach(([path, target], i) => {
      const probe = path.replace(/[^/]+$/, (name) => `probe${i}-${name}`);
      const spec = target.startsWith('apps/')
        ? join(...Array(probe.split('/').length - 1).fill('..'), target)
        : target;
      if (target.startsWith('apps/')) write(target, 'export const x = 1;\n');
      write(probe, `import { x } from '${spec}';\n\nexport const probe = x;\n`);
      files.push(probe);
    });
    const found = await violationsOf(RUNS[0], files, { baseDir: dir, tsConfig: undefined });
    PROBES.forEach(([path, target, rule], i) => {
      const refusedBy = found.filter((v) => v.from.includes(`probe${i}-`)).map((v) => v.rule.name);
      const ok = rule ? refusedBy.includes(rule) : refusedBy.length === 0;
      if (!ok)
        failures.push(
          `  ${path} -> ${target}: should ${rule ? `fail ${rule}` : 'pass'}, got [${refusedBy.join(', ')}]`,
        );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [i, [tree, mustFail]] of GRAPH_PROBES.entries()) {
    const graphDir = mkdtempSync(join(tmpdir(), 'module-graph-'));
    try {
      for (const [path, text] of Object.entries(tree)) {
        mkdirSync(dirname(join(graphDir, path)), { recursive: true });
        writeFileSync(join(graphDir, path), text);
      }
      const found = await violationsOf(RUNS[1], ['apps/api/src/modules'], {
        baseDir: graphDir,
        tsConfig: undefined,
      });
      if (found.length > 0 !== mustFail)
        failures.push(`  module graph probe ${i} should ${mustFail ? 'fail' : 'pass'}`);
    } finally {
      rmSync(graphDir, { recursive: true, force: true });
    }
  }
  return failures;
}

const problems = [];
for (const run of RUNS) {
  const found = await violationsOf(run, run.files);
  if (process.argv.includes('--baseline')) {
    writeFileSync(join(root, run.known), `${JSON.stringify(found.map(baselineEntry), null, 2)}\n`);
    console.log(`${run.known}: ${found.length} known violation(s) written`);
    continue;
  }
  const known = new Set(JSON.parse(readFileSync(join(root, run.known), 'utf8')).map(keyOf));
  const seen = new Set(found.map(keyOf));
  for (const v of found)
    if (!known.has(keyOf(v)))
      problems.push(
        `  ${run.name}: ${v.rule.name}: ${v.from} -> ${v.cycle ? v.cycle.map((c) => c.name ?? c).join(' -> ') : v.to}`,
      );
  for (const k of known)
    if (!seen.has(k))
      problems.push(
        `  ${run.name}: fixed, remove from ${run.known} (npm run lint:graph -- --baseline): ${k}`,
      );
  console.log(`${run.name}: ${found.length} violation(s), ${known.size} known`);
}
function baselineEntry(v) {
  return {
    rule: { name: v.rule.name },
    from: v.from,
    to: v.to,
    cycle: v.cycle?.map((c) => c.name ?? c) ?? [],
  };
}
problems.push(...(await probe()));
if (problems.length > 0) {
  console.error(`Dependency rules: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Dependency rules: clean; ${PROBES.length + GRAPH_PROBES.length} probes behave.`);
