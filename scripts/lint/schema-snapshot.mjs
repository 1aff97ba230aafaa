// The drizzle-kit snapshot is the schema (issue 43): `npm run db:generate` diffs apps/api/src/db/schema.ts
// against the latest snapshot in apps/api/src/db/migrations/meta, so a snapshot left behind would make it
// write every change since then again. This runs drizzle-kit generate on a copy of the migrations folder
// and fails when it would write anything: a change to schema.ts ships with its migration and snapshot
// (`npm run db:generate`, or a hand-written migration plus the snapshot drizzle-kit makes of it).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const migrations = join(root, 'apps/api/src/db/migrations');
// Inside the repository's .tmp: drizzle-kit reads `out` relative to the working directory.
mkdirSync(join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(root, '.tmp', 'schema-snapshot-'));
try {
  const out = join(dir, 'migrations');
  cpSync(migrations, out, { recursive: true });
  const before = new Set(readdirSync(out));
  // A config beside the real one (drizzle-kit resolves the schema path from the working directory).
  const config = join(root, 'apps/api', `.drizzle-check-${process.pid}.config.ts`);
  writeFileSync(
    config,
    `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './apps/api/src/db/schema.ts', out: ${JSON.stringify(`./${relative(root, out)}`)} });\n`,
  );
  let log = '';
  try {
    const run = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
      cwd: root,
      encoding: 'utf8',
    });
    log = `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(config, { force: true });
  }
  const added = readdirSync(out).filter((f) => !before.has(f));
  if (added.length) {
    console.error(
      `Schema snapshot: schema.ts differs from the latest drizzle-kit snapshot; drizzle-kit would write ${added.join(', ')}.\n` +
        'Add the migration and its snapshot (npm run db:generate).',
    );
    process.exitCode = 1;
  } else if (!/No schema changes/.test(log)) {
    console.error(`Schema snapshot: drizzle-kit said something unexpected:\n${log}`);
    process.exitCode = 1;
  } else console.log('Schema snapshot: the latest drizzle-kit snapshot is schema.ts.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
