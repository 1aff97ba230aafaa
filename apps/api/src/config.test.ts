import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { isLoopbackAddress, isLoopbackHost } from './lib/loopback.ts';

const base = {
  DATA_DIR: path.join(os.tmpdir(), 'ooh-config-test'),
  JWT_SECRET: 'config-test-secret-config-test-secret-0123',
};
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });
/** The one line the start stops with, or null when it starts. */
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
};

describe('settings: development tools only on loopback (docs/product-rules.md section 1)', () => {
  it('listens on 127.0.0.1 by default, with console SMS and sandbox payments', () => {
    const config = load({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.sms.provider).toBe('console');
    expect(config.payments.provider).toBe('sandbox');
    expect(config.cashHoldHours).toBe(48);
  });

  it.each([['0.0.0.0'], ['::'], ['192.168.1.20'], ['myhost.example']])(
    'on HOST=%s refuses the console outbox unless ALLOW_CONSOLE_SMS=true, in one line',
    (host) => {
      const message = refusal({ HOST: host });
      expect(message).toMatch(/^Setting SMS_PROVIDER: .*ALLOW_CONSOLE_SMS=true/);
      expect(message).not.toContain('\n');
    },
  );

  it('refuses sandbox payments off loopback unless allowed, and then only with a key secret of its own', () => {
    const sms = { ALLOW_CONSOLE_SMS: 'true' };
    expect(refusal({ HOST: '0.0.0.0', ...sms })).toMatch(
      /^Setting PAYMENT_PROVIDER: .*ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(refusal({ HOST: '0.0.0.0', ...sms, ALLOW_SANDBOX_PAYMENTS: 'true' })).toMatch(
      /^Setting SANDBOX_KEY_SECRET: a sandbox that others can reach needs a secret of your own/,
    );
    expect(
      refusal({
        HOST: '0.0.0.0',
        ...sms,
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'sandbox_secret',
      }),
    ).toMatch(/^Setting SANDBOX_KEY_SECRET/);
    const allowed = load({
      HOST: '0.0.0.0',
      ...sms,
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_KEY_SECRET: 'a-staging-secret',
    });
    expect(allowed.payments).toMatchObject({ provider: 'sandbox', sandboxKeySecret: 'a-staging-secret' });
  });

  it('production on loopback is refused the same tools; Razorpay and the HTTP gateway need no allowance', () => {
    const prod = { NODE_ENV: 'production', HOST: '127.0.0.1' };
    expect(refusal(prod)).toMatch(/^Setting SMS_PROVIDER: the console SMS outbox is refused in production/);
    expect(refusal({ ...prod, ALLOW_CONSOLE_SMS: 'true' })).toMatch(/^Setting PAYMENT_PROVIDER/);
    expect(
      refusal({
        HOST: '0.0.0.0',
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'k',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    ).toBeNull();
  });

  it('the sandbox never signs with the public default: unset, a secret is generated per DATA_DIR', () => {
    // Issue 20: behind a same-host proxy, anyone confirmed payments signed with `sandbox_secret`.
    expect(refusal({ SANDBOX_KEY_SECRET: 'sandbox_secret' })).toMatch(
      /^Setting SANDBOX_KEY_SECRET: the public default signs anyone's sandbox payment/,
    );
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-config-sandbox-'));
    try {
      const first = load({ DATA_DIR: dataDir }).payments.sandboxKeySecret;
      expect(first).not.toBe('sandbox_secret');
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const file = path.join(dataDir, 'sandbox-key-secret');
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Kept: the next start signs with the same one, and so does a setting of its own when given.
      expect(load({ DATA_DIR: dataDir }).payments.sandboxKeySecret).toBe(first);
      expect(load({ DATA_DIR: dataDir, SANDBOX_KEY_SECRET: 'mine' }).payments.sandboxKeySecret).toBe('mine');
      // Another directory, another secret; so is the dev key.
      const other = mkdtempSync(path.join(os.tmpdir(), 'ooh-config-sandbox-'));
      expect(load({ DATA_DIR: other }).payments.sandboxKeySecret).not.toBe(first);
      expect(load({ DATA_DIR: other }).devKey).not.toBe(load({ DATA_DIR: dataDir }).devKey);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on loopback outside production the tools need no setting, with any key secret', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(refusal({ HOST: host })).toBeNull();
    }
  });

  it('CASH_HOLD_HOURS is a whole number of hours', () => {
    expect(load({ CASH_HOLD_HOURS: '24' }).cashHoldHours).toBe(24);
    expect(refusal({ CASH_HOLD_HOURS: 'two days' })).toMatch(/^Setting CASH_HOLD_HOURS is invalid/);
    expect(refusal({ CASH_HOLD_HOURS: '0' })).toMatch(/^Setting CASH_HOLD_HOURS is invalid/);
  });
});

describe('loopback addresses', () => {
  it('knows 127.0.0.0/8, ::1 and their mapped forms; nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '[::1]']) {
      expect(isLoopbackAddress(a)).toBe(true);
    }
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', '1127.0.0.1', '', undefined]) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('localhost.example')).toBe(false);
  });
});

describe('OPERATOR_PHONES (docs/product-rules.md section 7)', () => {
  it('defaults to the demo operator 9999900000 only while the development tools are on', () => {
    // Loopback, not production, console SMS: the newcomer's `npm start`.
    expect(load({}).operatorPhones).toEqual(['9999900000']);
    expect(load({ NODE_ENV: 'test' }).operatorPhones).toEqual(['9999900000']);
    // Production, another interface, or a real SMS gateway: no default operator.
    const production = {
      NODE_ENV: 'production',
      ALLOW_CONSOLE_SMS: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_KEY_SECRET: 'own-secret',
    };
    expect(load(production).operatorPhones).toEqual([]);
    expect(load({ ...production, NODE_ENV: 'development', HOST: '0.0.0.0' }).operatorPhones).toEqual([]);
    expect(load({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' }).operatorPhones).toEqual(
      [],
    );
  });

  it('a value that is set always wins: numbers replace the demo operator, empty means no operators', () => {
    expect(load({ OPERATOR_PHONES: '9876500001' }).operatorPhones).toEqual(['9876500001']);
    expect(load({ OPERATOR_PHONES: '' }).operatorPhones).toEqual([]);
    expect(load({ OPERATOR_PHONES: ' , ' }).operatorPhones).toEqual([]);
    expect(
      load({
        NODE_ENV: 'production',
        OPERATOR_PHONES: '9999900000',
        ALLOW_CONSOLE_SMS: 'true',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'own-secret',
      }).operatorPhones,
    ).toEqual(['9999900000']);
  });

  it('reads comma-separated numbers, spaces and empty items ignored', () => {
    expect(load({ OPERATOR_PHONES: ' 9876500001, 9000000001 ,' }).operatorPhones).toEqual([
      '9876500001',
      '9000000001',
    ]);
  });

  it.each([['98765'], ['+919876500001'], ['9876500001;9876500002'], ['1234567890'], ['9876500001,abc']])(
    'a malformed value %s stops the start with one line',
    (value) => {
      const message = refusal({ OPERATOR_PHONES: value });
      expect(message).toMatch(/^Setting OPERATOR_PHONES is invalid: must be comma-separated 10-digit/);
      expect(message).not.toContain('\n');
    },
  );
});

describe('PUBLIC_URL', () => {
  it('is the origin absolute links start with, http://localhost:PORT when unset', () => {
    expect(load({}).publicUrl).toBe('http://localhost:3000');
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ PUBLIC_URL: 'https://www.adspace.example.in/' }).publicUrl).toBe(
      'https://www.adspace.example.in',
    );
  });

  it('refuses anything but an http(s) origin', () => {
    for (const value of [
      'www.example.in',
      'ftp://example.in',
      'https://example.in/shop',
      'https://example.in?x=1',
    ]) {
      expect(refusal({ PUBLIC_URL: value }), value).toMatch(/^Setting PUBLIC_URL is invalid/);
    }
  });
});

describe('settings: the marketplace on its tax invoices (COMPANY_*)', () => {
  it('defaults to a Maharashtra registration and names the state canonically', () => {
    expect(load({}).company).toMatchObject({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' });
    expect(load({ COMPANY_STATE: 'karnataka', COMPANY_GSTIN: '29AAGCB7383J1Z4' }).company.state).toBe(
      'Karnataka',
    );
  });
  it('stops the start naming the setting for an unknown state, a bad GSTIN, or a GSTIN of another state', () => {
    expect(() => load({ COMPANY_STATE: 'Atlantis' })).toThrow(/COMPANY_STATE/);
    expect(() => load({ COMPANY_GSTIN: '27AAPFU0939F1ZW' })).toThrow(/COMPANY_GSTIN/);
    expect(() => load({ COMPANY_STATE: 'Goa' })).toThrow(
      /COMPANY_GSTIN: starts with 27, but COMPANY_STATE Goa is state code 30/,
    );
  });
  it('reads the payee of bank transfers and refuses a bad account number or IFSC by name', () => {
    expect(load({}).company.bank).toEqual({
      name: 'HDFC Bank, Andheri East',
      account: '50200012345678',
      ifsc: 'HDFC0000123',
    });
    expect(
      load({
        COMPANY_BANK_NAME: 'ICICI Bank',
        COMPANY_BANK_ACCOUNT: '123456789012',
        COMPANY_IFSC: 'ICIC0001234',
      }).company.bank,
    ).toEqual({ name: 'ICICI Bank', account: '123456789012', ifsc: 'ICIC0001234' });
    expect(() => load({ COMPANY_BANK_ACCOUNT: '12-34' })).toThrow(/COMPANY_BANK_ACCOUNT/);
    expect(() => load({ COMPANY_IFSC: 'HDFC123' })).toThrow(/COMPANY_IFSC/);
    expect(() => load({ COMPANY_EMAIL: 'not an email' })).toThrow(/COMPANY_EMAIL/);
  });
  it('names the Grievance Officer from settings and refuses an address that is no email', () => {
    expect(load({}).company.grievance_officer).toEqual({
      name: 'Ms. Kavya Menon',
      email: 'grievance@adspaceindia.example',
    });
    expect(
      load({
        COMPANY_GRIEVANCE_OFFICER_NAME: 'Mr. Arjun Iyer',
        COMPANY_GRIEVANCE_OFFICER_EMAIL: 'dpo@example.in',
      }).company.grievance_officer,
    ).toEqual({ name: 'Mr. Arjun Iyer', email: 'dpo@example.in' });
    expect(() => load({ COMPANY_GRIEVANCE_OFFICER_EMAIL: 'nobody' })).toThrow(
      /COMPANY_GRIEVANCE_OFFICER_EMAIL/,
    );
  });
});

describe('ROLE and MIGRATE (decision 070)', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/ooh-role-test', JWT_SECRET: 'x'.repeat(32) };
  const pgUrl = 'postgres://u@127.0.0.1:5432/d';
  it('runs the jobs as a worker or in one process, never in a web replica', () => {
    expect(loadConfig({ ...base }).jobs).toBe(true);
    expect(loadConfig({ ...base, JOBS: 'off' }).jobs).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, ROLE: 'web' }).jobs).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, ROLE: 'worker', JOBS: 'off' }).jobs).toBe(true);
  });
  it('refuses a web or worker role on the embedded database, which serves one process', () => {
    expect(() => loadConfig({ ...base, ROLE: 'web' })).toThrow(
      'Setting ROLE=web needs DATABASE_URL: the embedded database serves one process, which is ROLE=all',
    );
    expect(() => loadConfig({ ...base, ROLE: 'both' })).toThrow(/^Setting ROLE is invalid/);
  });
  it('migrates at start unless MIGRATE=off', () => {
    expect(loadConfig({ ...base }).migrate).toBe(true);
    expect(loadConfig({ ...base, MIGRATE: 'off' }).migrate).toBe(false);
  });
});
