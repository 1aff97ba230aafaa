import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SERVER, apiBuildIsStale, buildApi } from '../../../../scripts/lib.mjs';
import { writeStandInWebBuild } from '../../test/web-build.ts';
import { API_ROOT } from '../lib/paths.ts';

/**
 * Issue 46: `npm ci --omit=dev` on the built output starts the product (the image does exactly this,
 * deploy/Dockerfile). Every package the compiled server imports must be in the production install:
 * package-lock.json marks the packages only devDependencies need with "dev": true, and --omit=dev leaves
 * exactly those out. And `npm start` must not need a build tool when the compiled output is there.
 */
const ROOT = path.resolve(API_ROOT, '../..');
interface LockEntry {
  dev?: boolean;
  link?: boolean;
  resolved?: string;
}
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The package a bare specifier names: `pg-boss`, `@aws-sdk/client-s3`, `altcha-lib/algorithms/pbkdf2` -> `altcha-lib`. */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** Bare specifiers of the compiled module's static and dynamic imports (esbuild's ESM output). */
function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:^|\n)\s*import\s+(?:[^'"]*?\sfrom\s+)?"([^"]+)"/g)) found.add(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.add(m[1]);
  return [...found].filter((s) => !s.startsWith('.') && !s.startsWith('/') && !isBuiltin(s));
}

beforeAll(async () => {
  if (apiBuildIsStale()) await buildApi();
});

describe('the production install', () => {
  it('holds every package the compiled server imports', () => {
    const packages = [...new Set(importsOf(readFileSync(API_SERVER, 'utf8')).map(packageOf))].sort();
    // The compiled server's imports are found at all (fastify, pg, pglite, ...).
    expect(packages).toEqual(
      expect.arrayContaining(['fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm']),
    );
    const problems = packages.flatMap((name) => {
      const entry = lock.packages[`node_modules/${name}`] ?? lock.packages[`apps/api/node_modules/${name}`];
      if (!entry) return [`${name}: not in package-lock.json`];
      return entry.dev ? [`${name}: only a devDependency (npm ci --omit=dev leaves it out)`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('never bundles a package of the workspace other than @ooh/shared, nor imports one', () => {
    const packages = importsOf(readFileSync(API_SERVER, 'utf8')).map(packageOf);
    expect(packages.filter((p) => p.startsWith('@ooh/'))).toEqual([]);
  });

  it('starts from a tree holding only what npm ci --omit=dev installs, as the image does, and stops cleanly', async () => {
    // The run stage of deploy/Dockerfile, without Docker: the manifests, the compiled server, the
    // migrations, the shared package, the start script, and node_modules with exactly the lock's
    // non-dev packages (hard links of this checkout's, so no download): no React Router dev, no vite.
    const tree = mkdtempSync(path.join(os.tmpdir(), 'ooh-prod-install-'));
    try {
      for (const file of [
        'package.json',
        'package-lock.json',
        'apps/api/package.json',
        'apps/web/package.json',
        'scripts/start.mjs',
        'scripts/lib.mjs',
      ]) {
        mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        cpSync(path.join(ROOT, file), path.join(tree, file));
      }
      for (const dir of ['apps/api/dist', 'apps/api/src/db/migrations']) {
        cpSync(path.join(ROOT, dir), path.join(tree, dir), { recursive: true });
      }
      cpSync(path.join(ROOT, 'packages/shared'), path.join(tree, 'packages/shared'), {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}node_modules`),
      });
      const entries = Object.entries(lock.packages).filter(([name]) => name.includes('node_modules/'));
      // Hard links, one cp per directory (node_modules, node_modules/@scope): hundreds of packages.
      const byParent = new Map<string, string[]>();
      for (const [name, entry] of entries) {
        if (entry.dev || name.split('node_modules/').length > 2) continue;
        const target = path.join(tree, name);
        mkdirSync(path.dirname(target), { recursive: true });
        if (entry.link) symlinkSync(path.join(tree, entry.resolved!), target);
        // Optional packages of other platforms (esbuild's, sharp's): npm ci skips them here too.
        else if (existsSync(path.join(ROOT, name))) {
          const parent = path.dirname(target);
          byParent.set(parent, [...(byParent.get(parent) ?? []), path.join(ROOT, name)]);
        }
      }
      for (const [parent, sources] of byParent) execFileSync('cp', ['-al', ...sources, parent]);
      // What the copies brought along that --omit=dev would not install: the nested dev-only packages.
      for (const [name, entry] of entries) {
        if (entry.dev && name.split('node_modules/').length > 2)
          rmSync(path.join(tree, name), { recursive: true, force: true });
      }
      // No build tool chain: start.mjs must run the compiled output as it is.
      expect(existsSync(path.join(tree, 'node_modules/@react-router/dev'))).toBe(false);

      const web = path.join(tree, 'stand-in-web');
      writeStandInWebBuild(web);
      const port = 4450 + Math.floor(Math.random() * 50);
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: tree,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(tree, 'data'),
          WEB_DIST: web,
          SEED: 'none',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      const exited = once(child, 'exit');
      let ready = 0;
      for (let i = 0; i < 600 && child.exitCode === null && ready !== 200; i += 1) {
        ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready, output).toBe(200);
      const list = await fetch(`http://127.0.0.1:${port}/api/product/`);
      expect(list.status, output).toBe(200);
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code, output).toBe(0);
      expect(output).not.toMatch(/Building|Compiled the API/);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }, 240_000);
});
