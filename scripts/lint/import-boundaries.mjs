// Writes the import-boundary rules (docs/product-rules.md section 2, decision 025) into biome.json as `overrides`.
// Biome's noRestrictedImports matches the import specifier as written, so a rule like "a feature never
// imports another feature" becomes one override per folder depth: from depth k, '../' x k leaves the
// feature. Run `node scripts/lint/import-boundaries.mjs` after changing a rule here; `biome check .`
// (npm run lint, part of npm run validate) then enforces them. Never edit the generated overrides by hand.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const biomeBin = join(
  dirname(createRequire(import.meta.url).resolve('@biomejs/biome/package.json')),
  'bin/biome',
);

/** [file, import, must fail]: the rules at work, proved on every `npm run lint`. */
const PROBES = [
  ['apps/web/src/partner/features/sites/a.tsx', '../../../features/home/home-page', true],
  ['apps/web/src/partner/features/sites/a.tsx', '../../../ops/components/ops-layout', true],
  ['apps/web/src/partner/features/sites/a.tsx', '../calendar/calendar-page', true],
  ['apps/web/src/partner/features/sites/api/a.ts', '../../calendar/api/x', true],
  ['apps/web/src/partner/features/sites/a.tsx', '../../features/calendar/x', true],
  ['apps/web/src/partner/features/sites/a.tsx', '../../../lib/auth/auth-context', false],
  ['apps/web/src/partner/features/sites/a.tsx', '../../../components/coming-soon', false],
  ['apps/web/src/partner/features/sites/a.tsx', '../../partner-api', false],
  ['apps/web/src/partner/features/sites/api/a.ts', '../site-form', false],
  ['apps/web/src/partner/partner-layout.tsx', '../ops/components/ops-layout', true],
  ['apps/web/src/partner/partner-layout.tsx', '../features/cart/cart-page', true],
  ['apps/web/src/partner/partner-layout.tsx', './features/onboarding/application-page', false],
  ['apps/web/src/ops/features/orders/a.tsx', '../../../partner/partner-layout', true],
  ['apps/web/src/ops/features/orders/a.tsx', '../../../features/auth/verify-mobile-page', true],
  ['apps/web/src/ops/components/ops-layout.tsx', '../../partner/partner-layout', true],
  ['apps/web/src/ops/components/ops-layout.tsx', '../../lib/session', false],
  ['apps/web/src/features/home/a.tsx', '../cart/use-cart', true],
  ['apps/web/src/features/home/components/a.tsx', '../../cart/cart-page', true],
  ['apps/web/src/features/home/components/a.tsx', '../../../partner/partner-layout', true],
  ['apps/web/src/features/home/components/a.tsx', '../../../ops/components/ops-layout', true],
  ['apps/web/src/features/home/components/a.tsx', '../api/latest-products', false],
  ['apps/web/src/features/home/components/a.tsx', '../../../lib/session', false],
  ['apps/web/src/features/home/components/a.tsx', '../../../app/layout/company-details', false],
  ['apps/web/src/lib/auth/a.ts', '../../features/auth/verify-mobile-page', true],
  ['apps/web/src/components/a.tsx', '../partner/partner-layout', true],
  ['apps/web/src/components/a.tsx', '../routes/order', true],
  ['apps/web/src/components/a.tsx', '../lib/session', false],
  ['apps/web/src/routes/partner.tsx', '../partner/partner-layout', false],
  ['apps/api/src/plugins/a.ts', '../modules/users/users.repository.ts', true],
  ['apps/api/src/plugins/a.ts', '../modules/users/users.service.ts', false],
  ['apps/api/src/modules/orders/a.service.ts', '../users/users.repository.ts', true],
  ['apps/api/src/modules/media/svg/a.ts', '../../users/users.repository.ts', true],
  ['apps/api/src/modules/orders/a.service.ts', './orders.repository.ts', false],
  ['apps/api/src/modules/orders/a.service.ts', '../users/users.service.ts', false],
  ['apps/api/src/modules/orders/a.routes.ts', './orders.repository.ts', true],
  ['packages/shared/src/a.ts', 'node:fs', true],
  ['packages/shared/src/a.ts', 'pg', true],
  ['packages/shared/src/a.ts', 'drizzle-orm/pg-core', true],
  ['packages/shared/src/a.ts', '../../../apps/api/src/app.ts', true],
  ['packages/shared/src/a.ts', 'zod', false],
];

const MAX_DEPTH = 7;
const up = (n) => '../'.repeat(n);
const globAt = (base, depth) => `${base}/${'*/'.repeat(depth - 1)}*`;
const deny = (message, group) => ({ group, message });
/** What every web area may reach outside itself: src/lib, src/components and the shell's layout bits. */
const sharedWeb = (toSrc) => [`!${toSrc}lib/**`, `!${toSrc}components/**`, `!${toSrc}app/layout/**`];

const MSG = {
  feature:
    'A buyer feature imports only its own files, src/lib, src/components and src/app/layout. What two features share moves to src/lib or src/components (docs/product-rules.md section 2, decision 025).',
  room: 'A console room (src/partner, src/ops) never imports another room or the buyer features (src/features): shared code lives in src/lib or src/components (decision 025).',
  roomFeature:
    "A room's feature never imports another feature of the room: share through the room's own folders, src/lib or src/components (decision 025).",
  shared:
    'src/lib and src/components are shared by every area, so they never import a feature, a room or src/app (decision 025).',
  plugin: 'Plugins call services, never a repository: routes -> services -> repositories (decision 025).',
  module:
    "A module never reaches into another module's repository: call that module's service (decision 025).",
  routes: 'Routes are HTTP only: they call their service, never a repository (decision 025).',
  sharedPkg:
    'packages/shared is the pure contract: no apps, no I/O (node:*, pg, drizzle-orm, fastify...) (decision 025).',
};

/**
 * Named imports no web file may use (also set once for every file in biome.json's own rules: an override's
 * options replace them, so each web override repeats them).
 */
const WEB_PATHS = {
  '@mui/material': {
    importNames: ['TextField', 'Select'],
    message:
      "MUI's TextField and Select bring Menu, Popover and Modal (~22 KB) to every page that shows a field: use TextInput (src/components/text-input.tsx) or ChoiceField (src/components/choice-field.tsx), decision 058.",
  },
};

const override = (includes, patterns, ownPaths) => {
  const paths = ownPaths ?? (includes.every((i) => i.startsWith('apps/web/')) ? WEB_PATHS : undefined);
  return {
    includes,
    linter: {
      rules: {
        style: {
          noRestrictedImports: { level: 'error', options: { ...(paths ? { paths } : {}), patterns } },
        },
      },
    },
  };
};

const overrides = [];
const depths = (from = 1) => Array.from({ length: MAX_DEPTH - from + 1 }, (_, i) => i + from);

// Web: buyer features. A file k folders deep in features/<a> leaves its feature with '../' x k.
for (const k of depths()) {
  overrides.push(
    override(
      [globAt('apps/web/src/features/*', k)],
      [deny(MSG.feature, [`${up(k)}**`, ...sharedWeb(up(k + 1))])],
    ),
  );
}
// Web: rooms. A file d deep in src/<room> leaves the room with '../' x d; inside a room's features/<a>
// the same feature rule holds, the room's own shared folders stay open.
for (const room of ['partner', 'ops']) {
  for (const d of depths()) {
    overrides.push(
      override([globAt(`apps/web/src/${room}`, d)], [deny(MSG.room, [`${up(d)}**`, ...sharedWeb(up(d))])]),
    );
  }
  for (const k of depths()) {
    overrides.push(
      override(
        [globAt(`apps/web/src/${room}/features/*`, k)],
        [
          deny(MSG.roomFeature, [`${up(k)}**`, `!${up(k + 1)}**`, `${up(k + 1)}features/**`]),
          deny(MSG.room, [`${up(k + 2)}**`, ...sharedWeb(up(k + 2))]),
        ],
      ),
    );
  }
}
// Web: shared code depends on nothing above it.
for (const dir of ['lib', 'components']) {
  for (const d of depths()) {
    overrides.push(
      override(
        [globAt(`apps/web/src/${dir}`, d)],
        [deny(MSG.shared, [`${up(d)}**`, `!${up(d)}lib/**`, `!${up(d)}components/**`])],
      ),
    );
  }
}

// API: plugins never import a repository; a module imports only its own repository; routes none.
const repo = (prefix) => [`${prefix}*.repository`, `${prefix}*.repository.ts`, `${prefix}*.repository.js`];
overrides.push(override(['apps/api/src/plugins/**'], [deny(MSG.plugin, repo('**/'))]));
for (const k of depths()) {
  overrides.push(override([globAt('apps/api/src/modules/*', k)], [deny(MSG.module, repo(`${up(k)}**/`))]));
}
overrides.push(override(['apps/api/src/modules/**/*.routes.ts'], [deny(MSG.routes, repo('**/'))]));

// packages/shared: pure. No I/O module, no app code.
const io = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'tls',
  'worker_threads',
];
const ioPackages = [
  'pg',
  'drizzle-orm',
  'fastify',
  'sharp',
  'postgres',
  '@electric-sql/pglite',
  '@ooh/api',
  '@ooh/web',
];
overrides.push(
  override(
    ['packages/shared/**'],
    [deny(MSG.sharedPkg, ['node:*', '**/apps/**', ...ioPackages.map((p) => `${p}/**`)])],
    Object.fromEntries([...io, ...ioPackages].map((p) => [p, MSG.sharedPkg])),
  ),
);

const file = new URL('../../biome.json', import.meta.url);
const config = JSON.parse(readFileSync(file, 'utf8'));

if (!process.argv.includes('--check')) {
  config.overrides = overrides;
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`biome.json: ${overrides.length} import-boundary overrides written`);
} else {
  // npm run lint: the rules in biome.json are the ones above, and each one really fails a violation.
  if (JSON.stringify(config.overrides) !== JSON.stringify(overrides)) {
    console.error(
      'biome.json overrides differ from scripts/lint/import-boundaries.mjs: run it to regenerate.',
    );
    process.exit(1);
  }
  const failures = proveRules(config);
  if (failures.length > 0) {
    console.error(`Import boundaries: ${failures.length} probe(s) went wrong:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `Import boundaries: ${PROBES.length} probes behave (violations fail the lint, allowed imports pass).`,
  );
}

/**
 * Writes each probe as a one-import file at its path in a scratch copy of the tree (only biome.json comes
 * along), lints it with the real config, and compares: `true` = this import must fail the lint.
 */
function proveRules(biomeConfig) {
  const dir = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  try {
    const { $schema: _schema, ...rest } = biomeConfig;
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(rest));
    PROBES.forEach(([path, specifier], i) => {
      const probe = join(
        dir,
        path.replace(/[^/]+$/, (name) => `probe${i}-${name}`),
      );
      mkdirSync(dirname(probe), { recursive: true });
      writeFileSync(probe, `import { x } from '${specifier}';\n\nexport const probe = x;\n`);
    });
    const run = spawnSync(biomeBin, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(run.stdout);
    const refused = new Set(
      report.diagnostics
        .filter((d) => d.category === 'lint/style/noRestrictedImports')
        .map((d) => Number(/probe(\d+)-/.exec(d.location.path)?.[1])),
    );
    return PROBES.flatMap(([path, specifier, mustFail], i) =>
      refused.has(i) === mustFail
        ? []
        : [`  ${path}: import '${specifier}' should ${mustFail ? 'fail' : 'pass'}`],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
