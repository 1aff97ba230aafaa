import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOnce, scratchDatabase } from '../../test/test-db.ts';
import { writeStandInWebBuild } from '../../test/web-build.ts';
import { bootstrap, migrateOnly } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';

/**
 * Issue 46 (DESIGN 21): replicas started with MIGRATE=off never migrate and refuse an older schema;
 * `npm run migrate` (migrateOnly) readies the database for them; a worker answers only its probes.
 */
const scratch = scratchDatabase('roles');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-roles-'));

const configOf = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: '3',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    ...env,
  });

beforeAll(async () => {
  await scratch.create();
  writeStandInWebBuild(dataDir);
});
afterAll(async () => {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('MIGRATE=off and npm run migrate', () => {
  it('refuses to serve an unmigrated database with one clear line, and changes nothing', async () => {
    const err = await bootstrap(configOf({ MIGRATE: 'off', ROLE: 'web' })).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      'Setting MIGRATE=off: the database schema is older than this build; run `npm run migrate` (the migrate job) first',
    );
    const schema = await queryOnce(scratch.url, `select to_regclass('drizzle.__drizzle_migrations') as t`);
    expect(schema.rows[0].t).toBeNull();
  });

  it('serves once the migrate job has run, with the secrets it generated', async () => {
    await migrateOnly(configOf({}));
    const kept = await queryOnce(scratch.url, 'select name from shared_secrets order by name');
    expect(kept.rows.map((r) => r.name)).toEqual(['dev-outbox-key', 'jwt-secret', 'sandbox-key-secret']);
    const { app, database } = await bootstrap(configOf({ MIGRATE: 'off', ROLE: 'web' }));
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      const page = await app.inject({ method: 'GET', url: '/products' });
      expect(page.statusCode).toBe(200);
      expect(app.deps.config.jobs).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a worker answers its probes and nothing else: no API, no pages', async () => {
    const { app, database } = await bootstrap(configOf({ MIGRATE: 'off', ROLE: 'worker' }));
    try {
      expect(app.deps.config.jobs).toBe(true);
      for (const probe of ['/api/health', '/api/health/live', '/api/health/ready']) {
        expect((await app.inject({ method: 'GET', url: probe })).statusCode, probe).toBe(200);
      }
      for (const other of ['/api/product/', '/products', '/sitemap.xml']) {
        expect((await app.inject({ method: 'GET', url: other })).statusCode, other).toBe(404);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
