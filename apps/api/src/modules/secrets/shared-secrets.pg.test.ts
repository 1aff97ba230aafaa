import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { call, futureWeek } from '../../../test/http-journey.ts';
import { testDatabaseUrl } from '../../../test/test-db.ts';
import { writeStandInWebBuild } from '../../../test/web-build.ts';
import type { AppInstance } from '../../app-types.ts';
import { bootstrap } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/**
 * Issue 46: two replicas on one PostgreSQL, each with its own DATA_DIR and no secret settings, started at
 * the same moment (as a deployment's replicas are). Whatever one signs the other accepts: the bearer token,
 * the sandbox pay token and payment signature, the bot-check challenge and the dev outbox key. Nothing is
 * generated under either DATA_DIR.
 */
const base = testDatabaseUrl();
const name = `ooh_secrets_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const url = new URL(base);
url.pathname = `/${name}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const root = mkdtempSync(path.join(os.tmpdir(), 'ooh-shared-secrets-'));
const replicas: Array<{ app: AppInstance; database: Database; url: string; dataDir: string }> = [];

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  writeStandInWebBuild(root);
  const configs = ['a', 'b'].map((replica) => {
    const dataDir = path.join(root, replica);
    mkdirSync(dataDir);
    return loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: root,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      SEED: 'none',
      LOG_LEVEL: 'silent',
      BOT_CHECK: 'on',
      TRUST_PROXY: '1',
    });
  });
  const started = await Promise.all(configs.map((config) => bootstrap(config)));
  for (const [i, s] of started.entries()) {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    replicas.push({ ...s, url: address, dataDir: configs[i].dataDir });
  }
});
afterAll(async () => {
  for (const r of replicas) {
    await r.app.close();
    await r.database.close();
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(root, { recursive: true, force: true });
});

/** The browser widget's work: a challenge from `from`, solved, as the base64 payload sent as bot_token. */
async function botToken(from: string): Promise<string> {
  const challenge = (await call(from, '/api/auth/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe('two replicas on one PostgreSQL, no secret settings', () => {
  it('sign in through one and continue on the other; pay through one and confirm on the other', async () => {
    const [a, b] = replicas.map((r) => r.url);
    const devKey = replicas[0].app.deps.config.devKey!;
    const phone = '9812340001';
    // Challenge from A, answered to B; the code read from A's outbox with A's key, verified on B.
    const sent = await call(b, '/api/auth/otp/send', {
      body: { phone_number: phone, bot_token: await botToken(a) },
      headers: { 'x-forwarded-for': '10.46.0.1' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const outbox = await call(
      a,
      `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
    );
    expect(outbox.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(outbox.body.messages[0].body)?.[1];
    const verified = await call(b, '/api/auth/otp/verify', {
      body: { verification_id: sent.body.verification_id, code },
    });
    expect(verified.status).toBe(200);
    const token = verified.body.token as string;
    // B's token on A.
    const profile = await call(a, '/api/auth/update_user_by_phone/', {
      method: 'PATCH',
      token,
      body: {
        first_name: 'Asha',
        last_name: 'Buyer',
        phone_number: phone,
        company: 'Acme Outdoor Pvt Ltd',
        address_line_1: '4 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
    });
    expect(profile.status).toBe(200);

    const site = await insertProduct(replicas[0].database.db, { name: 'Replica Bridge' });
    const week = futureWeek();
    const line = {
      product_id: site.id,
      from_date: week.from,
      to_date: week.to,
      campaign_id: null,
      customized: false,
    };
    const booked = await call(a, '/api/booking/book', { token, body: { amount: 10_500, data: [line] } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const out = await call(a, '/api/booking/checkout', {
      token,
      body: { order_id: booked.body.order_id, payment: 'online' },
    });
    expect(out.status).toBe(200);
    // A's checkout window opened on B: its pay token and B's payment signature.
    const payToken = new URL(out.body.checkout_url, a).searchParams.get('token');
    const paid = await call(b, '/api/payments/sandbox/pay', {
      body: { razor_pay_order_id: out.body.razor_pay_order_id, token: payToken },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // B's signature confirmed on A.
    const confirmed = await call(a, '/api/booking/confirm', {
      token,
      body: {
        order_id: booked.body.order_id,
        razorpay_order_id: paid.body.razorpay_order_id,
        payment_id: paid.body.razorpay_payment_id,
        signature: paid.body.razorpay_signature,
        amount: out.body.amount,
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  });

  it('keeps nothing under either DATA_DIR, and the same secrets in both', () => {
    const [a, b] = replicas;
    for (const r of replicas) {
      for (const file of ['jwt-secret', 'sandbox-key-secret', 'dev-outbox-key']) {
        expect(existsSync(path.join(r.dataDir, file))).toBe(false);
      }
    }
    expect(a.app.deps.config.jwtSecret).toBe(b.app.deps.config.jwtSecret);
    expect(a.app.deps.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.app.deps.config.payments.sandboxKeySecret).toBe(b.app.deps.config.payments.sandboxKeySecret);
    expect(a.app.deps.config.devKey).toBe(b.app.deps.config.devKey);
  });
});
