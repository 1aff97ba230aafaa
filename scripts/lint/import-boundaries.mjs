// Writes the import-boundary rules (DESIGN.md section 2, decision 025) into biome.json as `overrides`.
// Biome's noRestrictedImports matches the import specifier as written, so a rule like "a feature never
// imports another feature" becomes one override per folder depth: from depth k, '../' x k leaves the
// feature. Run `node scripts/lint/import-boundaries.mjs` after changing a rule here; `biome check .`
// (npm run lint, part of npm run validate) then enforces them. Never edit the generated overrides by hand.
import { readFileSync, writeFileSync } from 'node:fs';

const MAX_DEPTH = 7;
const up = (n) => '../'.repeat(n);
const globAt = (base, depth) => `${base}/${'*/'.repeat(depth - 1)}*`;
const deny = (message, group) => ({ group, message });
/** What every web area may reach outside itself: src/lib, src/components and the shell's layout bits. */
const sharedWeb = (toSrc) => [`!${toSrc}lib/**`, `!${toSrc}components/**`, `!${toSrc}app/layout/**`];

const MSG = {
  feature:
    'A buyer feature imports only its own files, src/lib, src/components and src/app/layout. What two features share moves to src/lib or src/components (DESIGN.md section 2, decision 025).',
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

const override = (includes, patterns, paths) => ({
  includes,
  linter: {
    rules: {
      style: {
        noRestrictedImports: { level: 'error', options: { ...(paths ? { paths } : {}), patterns } },
      },
    },
  },
});

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
config.overrides = overrides;
writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
console.log(`biome.json: ${overrides.length} import-boundary overrides written`);
