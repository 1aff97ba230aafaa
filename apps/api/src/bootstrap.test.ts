import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap.ts';
import { loadConfig } from './config.ts';

/**
 * Issue 10: a wrong DATABASE_URL stopped the start with "Failed query: CREATE SCHEMA ...". The start must
 * name the connection problem in one line, with host and port, and never echo the password.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bootstrap-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configWith = (databaseUrl: string) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'none' });

describe('a DATABASE_URL that cannot be reached', () => {
  it('stops the start naming the address and the refusal, without the password', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const started = bootstrap(configWith('postgres://shop:hunter2-secret@127.0.0.1:1/shop'));

    const err = await started.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      'Cannot connect to the database at DATABASE_URL (127.0.0.1:1/shop): ECONNREFUSED',
    );
    expect(err?.message).not.toContain('hunter2');
    expect(err?.message).not.toContain('\n');
  });

  it('names a host that does not resolve', async () => {
    const err = await bootstrap(configWith('postgres://shop:pw@no-such-host.invalid:5432/shop')).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      'Cannot connect to the database at DATABASE_URL (no-such-host.invalid:5432/shop): ENOTFOUND',
    );
  });
});
