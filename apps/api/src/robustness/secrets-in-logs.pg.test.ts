import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOnce, scratchDatabase } from '../../test/test-db.ts';
import { bootstrap, migrateOnly } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';

/**
 * Issue 46 (DESIGN 21): with DATABASE_URL the generated secrets live in the database (shared_secrets).
 * At the most talkative log level, a replica that read them, signed someone in, was asked with a wrong
 * token and with the dev key (a right one and a wrong one), never writes any of them to its log.
 */
const scratch = scratchDatabase('logs');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-logs-'));

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: '3',
    SEED: 'none',
    BOT_CHECK: 'off',
    JOBS: 'off',
    LOG_LEVEL: 'trace',
    ...env,
  });

beforeAll(async () => {
  await scratch.create();
});
afterAll(async () => {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the secrets kept in the database', () => {
  it('never reach a log line, at LOG_LEVEL=trace', async () => {
    await migrateOnly(config({ LOG_LEVEL: 'silent' }));
    const secrets = (await queryOnce(scratch.url, 'select name, value from shared_secrets')).rows as Array<{
      name: string;
      value: string;
    }>;
    expect(secrets.map((s) => s.name).sort()).toEqual(['dev-outbox-key', 'jwt-secret', 'sandbox-key-secret']);

    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app, database } = await bootstrap(config({ MIGRATE: 'off' }), logStream);
    try {
      const devKey = secrets.find((s) => s.name === 'dev-outbox-key')!.value;
      expect(app.deps.config.devKey).toBe(devKey);
      const phone = '9123400001';
      const sent = await app.inject({
        method: 'POST',
        url: '/api/auth/otp/send',
        payload: { phone_number: phone },
      });
      expect(sent.statusCode).toBe(200);
      const outbox = await app.inject({
        method: 'GET',
        url: `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
      });
      expect(outbox.statusCode).toBe(200);
      const code = /\b(\d{6})\b/.exec(JSON.stringify(outbox.json()))?.[1];
      expect(code).toBeDefined();
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { verification_id: sent.json().verification_id, code },
      });
      expect(verified.statusCode).toBe(200);
      const token = verified.json().token as string;
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/auth/user/',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
      const forged = await app.inject({
        method: 'GET',
        url: '/api/auth/user/',
        headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
      });
      expect(forged.statusCode).toBe(401);
      const wrongKey = await app.inject({
        method: 'GET',
        url: `/api/dev/sms-outbox?key=${devKey.slice(0, -2)}xx`,
      });
      expect(wrongKey.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await app.close();
      await database.close();
    }

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(log.includes(secret.value), `${secret.name} in the log`).toBe(false);
      // Nor a long piece of it (a prefix logged while comparing, a truncated value).
      expect(log.includes(secret.value.slice(0, 16)), `part of ${secret.name} in the log`).toBe(false);
    }
  });
});
