import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app.ts';
import type { NotificationTemplate } from '../notifications/notifications.service.ts';
import { smsOf } from '../notifications/sms-variables.ts';
import { dltRefusal, prepareSms } from './sms-dlt.ts';
import {
  DLT_VAR,
  DLT_VAR_MAX_CHARS,
  dltValue,
  fillSmsTemplate,
  parseTemplateIds,
  SMS_TEMPLATES,
  type SmsTemplateKey,
} from './sms-templates.ts';

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.includes('.test') && !name.includes('test-helpers') ? [full] : [];
  });
}
const sources = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: readFileSync(file, 'utf8'),
}));

/** A payload with every fact a message may read, some of them longer than DLT's 30 characters. */
const FULL_PAYLOAD = {
  orderId: 1234,
  siteName: 'Western Express Highway Gantry Near Andheri Flyover',
  fromDate: '2026-12-01',
  toDate: '2026-12-08',
  dueDate: '2026-11-28',
  amountRupees: 12_390.5,
  sites: 2,
  reason: 'The artwork is blurred at this size; please send 300 dpi',
  reservedUntil: '24 Nov 2026, 3:05 pm',
  payee: 'AdSpace India Pvt Ltd',
  bankName: 'HDFC Bank',
  bankAccount: '50100012345678',
  ifsc: 'HDFC0000123',
  company: 'Rao Outdoor Media',
  site_name: 'Lamp post on Road No. 36',
  site_code: 'HYD-LP-0042',
  role: 'manager',
};

/** The registered text as a pattern: its fixed words exactly, each variable up to 30 characters. */
const patternOf = (key: SmsTemplateKey) =>
  new RegExp(
    `^${SMS_TEMPLATES[key].text
      .split(DLT_VAR)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(`[^\\n]{0,${DLT_VAR_MAX_CHARS}}`)}$`,
  );

describe('SMS under DLT: every message from a registered template', () => {
  it('every SMS the code sends goes through a provider with its DLT template (two call sites, both tagged)', () => {
    const sends = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\bsms\.send\(([^;]*)\);/g)].map((m) => ({ file, args: m[1] })),
    );
    expect(sends.map((s) => s.file).sort()).toEqual([
      path.join('modules', 'auth', 'auth.service.ts'),
      path.join('modules', 'notifications', 'notification-delivery.ts'),
    ]);
    for (const s of sends) expect(s.args, s.file).toMatch(/dlt\b/);
    // The sign-in code is the login_code template.
    const auth = sources.find((s) => s.file.endsWith('auth.service.ts'))!.text;
    expect(auth).toContain("prepareSms(config, 'login_code'");
  });

  it('every template a message is queued with is listed in sms-templates.ts', () => {
    const named = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/template:\s*([^,\n}]+)/g))
        for (const literal of m[1].matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)) named.add(literal[1]);
      // Maps of templates (the reminders' TEMPLATES) and literals typed as NotificationTemplate.
      for (const m of text.matchAll(/(?:due_soon|overdue):\s*'([a-z_]+)'/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(10);
    for (const name of named) expect(Object.keys(SMS_TEMPLATES), name).toContain(name);
  });

  it('fills every template with its variables: the fixed words exactly, no variable over 30 characters', () => {
    const used = new Set<SmsTemplateKey>(['login_code']);
    expect(fillSmsTemplate('login_code', ['482913'])).toMatch(patternOf('login_code'));
    const notifications = Object.keys(SMS_TEMPLATES).filter(
      (k) => k !== 'login_code' && k !== 'booking_cancelled_buyer_no_refund',
    ) as NotificationTemplate[];
    for (const template of notifications) {
      for (const payload of [FULL_PAYLOAD, {}]) {
        const { key, values } = smsOf(template, payload);
        used.add(key);
        expect(fillSmsTemplate(key, values), key).toMatch(patternOf(key));
        for (const v of values.map(dltValue)) {
          expect(v.length, `${key}: ${v}`).toBeLessThanOrEqual(30);
          // A missing fact is still a plain word: the text stays the registered one.
          expect(v.trim(), key).not.toBe('');
        }
      }
    }
    // Every template of the file is one the product sends.
    expect([...used].sort()).toEqual(Object.keys(SMS_TEMPLATES).sort());
  });

  it('cuts a long variable to 30 characters with an ellipsis, on one line', () => {
    expect(dltValue('Western Express Highway Gantry Near Andheri Flyover')).toBe(
      'Western Express Highway Gantr…',
    );
    expect(dltValue('two\nlines')).toBe('two lines');
    expect(() => fillSmsTemplate('site_approved', [])).toThrow(/takes 1 variables/);
  });

  it('reads template ids from SMS_DLT_TEMPLATE_IDS and refuses unknown names or ids that are not numbers', () => {
    expect(parseTemplateIds('login_code=1107170000000000001, refund_issued = 1107170000000000002')).toEqual(
      new Map([
        ['login_code', '1107170000000000001'],
        ['refund_issued', '1107170000000000002'],
      ]),
    );
    expect(parseTemplateIds(undefined).size).toBe(0);
    expect(() => parseTemplateIds('nope=1107170000000000001')).toThrow(/unknown template "nope"/);
    expect(() => parseTemplateIds('login_code=abc')).toThrow(/numeric DLT id/);
  });

  it('in production over a gateway, refuses a template without an id or a missing entity id; development sends all', () => {
    const production = testConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      SMS_DLT_ENTITY_ID: '1101123456789012345',
      SMS_DLT_TEMPLATE_IDS: 'login_code=1107170000000000001',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_KEY_SECRET: 'a-secret-of-our-own',
    });
    const registered = prepareSms(production, 'login_code', ['482913']);
    expect(registered.dlt).toEqual({
      templateKey: 'login_code',
      templateId: '1107170000000000001',
      entityId: '1101123456789012345',
      variables: ['482913'],
    });
    expect(dltRefusal(production, registered)).toBeNull();
    const unregistered = prepareSms(production, 'site_approved', ['Lamp post (HYD-LP-0042)']);
    expect(dltRefusal(production, unregistered)).toMatch(/site_approved has no DLT template id/);
    const noEntity = { ...production, sms: { ...production.sms, dltEntityId: undefined } };
    expect(dltRefusal(noEntity, prepareSms(noEntity, 'login_code', ['1']))).toMatch(/SMS_DLT_ENTITY_ID/);
    const development = testConfig();
    expect(dltRefusal(development, prepareSms(development, 'site_approved', ['x']))).toBeNull();
  });
});
