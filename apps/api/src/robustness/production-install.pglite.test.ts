import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SERVER, apiBuildIsStale, buildApi } from '../../../../scripts/lib.mjs';
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
});
