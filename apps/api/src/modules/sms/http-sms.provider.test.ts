import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  createAuthTestApp,
  nextPhone,
  sendCode,
  verifyCode,
} from '../../../test/otp-sign-in.ts';
import { deliverPendingNotifications } from '../notifications/notification-delivery.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';
import { HttpSmsProvider } from './http-sms.provider.ts';
import { SmsSendError } from './sms.provider.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: {
    to: string;
    sender: string;
    message: string;
    dlt_entity_id?: string;
    dlt_template_id?: string;
    template?: string;
    variables?: string[];
  };
}

/** A stand-in SMS gateway on 127.0.0.1 (port 0): answers with `status`, or never when status is 'hang'. */
function startStub() {
  const received: Received[] = [];
  let status: number | 'hang' = 200;
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      if (status === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return {
    received,
    setStatus: (s: number | 'hang') => {
      status = s;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('HttpSmsProvider against a stub gateway', () => {
  const stub = startStub();
  let url: string;
  beforeAll(async () => {
    url = await stub.listen();
  });
  afterEach(() => {
    stub.received.length = 0;
    stub.setStatus(200);
  });
  afterAll(() => stub.close());

  it('posts {to, sender, message} as JSON with the bearer key', async () => {
    const provider = new HttpSmsProvider({ url, apiKey: 'key-123', sender: 'ADSPCE' });
    await provider.send('+919876543210', '123456 is your code');
    expect(stub.received).toHaveLength(1);
    const [req] = stub.received;
    expect(req.headers.authorization).toBe('Bearer key-123');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ to: '+919876543210', sender: 'ADSPCE', message: '123456 is your code' });
  });

  it('fails on a non-2xx answer', async () => {
    stub.setStatus(500);
    const provider = new HttpSmsProvider({ url, apiKey: 'k', sender: 'ADSPCE' });
    await expect(provider.send('+919876543210', 'x')).rejects.toThrow(
      new SmsSendError('SMS gateway answered HTTP 500'),
    );
  });

  it('fails when the gateway does not answer in time', async () => {
    stub.setStatus('hang');
    const provider = new HttpSmsProvider({ url, apiKey: 'k', sender: 'ADSPCE', timeoutMs: 200 });
    await expect(provider.send('+919876543210', 'x')).rejects.toThrow(/did not answer within 200 ms/);
  });

  it('fails when nothing listens', async () => {
    const provider = new HttpSmsProvider({ url: 'http://127.0.0.1:1/sms', sender: 'ADSPCE' });
    await expect(provider.send('+919876543210', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });
});

describe('POST /api/auth/otp/send through the http provider', () => {
  const stub = startStub();
  let ctx: AuthTestContext;
  beforeAll(async () => {
    const url = await stub.listen();
    ctx = await createAuthTestApp({
      env: {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: url,
        SMS_HTTP_API_KEY: 'key-123',
        SMS_TEMPLATE: 'Code {code}. AdSpace',
      },
      sms: new HttpSmsProvider({ url, apiKey: 'key-123', sender: 'ADSPCE', timeoutMs: 300 }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  it('sends the templated text to +91 and the code in it verifies', async () => {
    const phone = nextPhone();
    const res = await sendCode(ctx.app, phone);
    expect(res.statusCode).toBe(200);
    const { body } = stub.received.at(-1)!;
    expect(body.to).toBe(`+91${phone}`);
    expect(body.message).toMatch(/^Code \d{6}\. AdSpace$/);
    const code = /\d{6}/.exec(body.message)![0];
    expect((await verifyCode(ctx.app, res.json().verification_id, code)).statusCode).toBe(200);
  });

  it('answers 502 when the gateway fails, and does not count that send', async () => {
    const phone = nextPhone();
    stub.setStatus(500);
    const failed = await sendCode(ctx.app, phone);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'sms_failed',
      message: expect.stringMatching(/could not send the SMS/),
    });
    stub.setStatus('hang');
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(502);
    // Neither failure counts: no 30-second resend lock, and the codes never verify.
    stub.setStatus(200);
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
    const { rows } = (await ctx.database.db.execute(
      `select count(*)::int as n from otp_verifications where phone_number = '${phone}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBe(1);
  });

  it('has no dev outbox (404)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('SMS under DLT in production, through the http gateway', () => {
  const stub = startStub();
  let ctx: AuthTestContext;
  const ENTITY = '1101123456789012345';
  const LOGIN_ID = '1107170000000000001';
  const REFUND_ID = '1107170000000000002';
  const operatorPhone = nextPhone();
  beforeAll(async () => {
    const url = await stub.listen();
    ctx = await createAuthTestApp({
      env: {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: url,
        SMS_SENDER_ID: 'ADSPCE',
        SMS_DLT_ENTITY_ID: ENTITY,
        SMS_DLT_TEMPLATE_IDS: `login_code=${LOGIN_ID},refund_issued=${REFUND_ID}`,
        OPERATOR_PHONES: operatorPhone,
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'a-secret-of-our-own',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  async function signIn(phone: string): Promise<string> {
    const sent = await sendCode(ctx.app, phone);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = /\d{6}/.exec(stub.received.at(-1)!.body.message)![0];
    const verified = await verifyCode(ctx.app, sent.json().verification_id, code);
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json().token;
  }

  it('sends the sign-in code with its entity id, template id and the code as the variable', async () => {
    const phone = nextPhone();
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
    const { body } = stub.received.at(-1)!;
    const code = /^(\d{6}) is your AdSpace India login code\. It expires in 5 minutes\.$/.exec(
      body.message,
    )?.[1];
    expect(code).toBeDefined();
    expect(body).toMatchObject({
      to: `+91${phone}`,
      sender: 'ADSPCE',
      dlt_entity_id: ENTITY,
      dlt_template_id: LOGIN_ID,
      template: 'login_code',
      variables: [code],
    });
  });

  it('sends a registered notification with its template; holds an unregistered one and tells operators why', async () => {
    await ctx.database.db.transaction((tx) =>
      queueNotifications(tx, [
        {
          dedupeKey: 'dlt:refund',
          channel: 'sms',
          recipient: '9822233344',
          template: 'refund_issued',
          payload: { orderId: 7, amountRupees: 1250.5 },
        },
        {
          dedupeKey: 'dlt:proof',
          channel: 'sms',
          recipient: '9822233355',
          template: 'proof_posted',
          payload: { orderId: 7, siteName: 'Metro Gantry' },
        },
      ]),
    );
    const before = stub.received.length;
    const warnings: object[] = [];
    const summary = await deliverPendingNotifications(ctx.app.deps, {
      warn: (o: object) => warnings.push(o),
    });
    expect(summary).toEqual({ sent: 1, failed: 1 });
    const sent = stub.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      to: '+919822233344',
      sender: 'ADSPCE',
      message:
        'AdSpace India: a refund of ₹1,250.50 for order #7 was issued. It reaches your account in 5-7 working days.',
      dlt_entity_id: ENTITY,
      dlt_template_id: REFUND_ID,
      template: 'refund_issued',
      variables: ['₹1,250.50', '7', '5-7'],
    });
    expect(warnings).toEqual([expect.objectContaining({ template: 'proof_posted' })]);
    // A second pass does not try again: it could not succeed until the template is registered.
    expect(await deliverPendingNotifications(ctx.app.deps, { warn: () => {} })).toEqual({
      sent: 0,
      failed: 0,
    });

    const operator = await signIn(operatorPhone);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/sms/undelivered',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        template: 'proof_posted',
        reason: expect.stringMatching(/proof_posted has no DLT template id/),
        recipient_last4: '3355',
        attempts: 1,
      }),
    ]);
    expect(listed.body).not.toContain('9822233355');
    const buyer = await signIn(nextPhone());
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/sms/undelivered',
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('SMS under DLT in production without the sign-in template id', () => {
  const stub = startStub();
  let ctx: AuthTestContext;
  beforeAll(async () => {
    const url = await stub.listen();
    ctx = await createAuthTestApp({
      env: {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: url,
        SMS_DLT_ENTITY_ID: '1101123456789012345',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'a-secret-of-our-own',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  it('sends no code (502) and asks the gateway nothing', async () => {
    const res = await sendCode(ctx.app, nextPhone());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('sms_failed');
    expect(stub.received).toHaveLength(0);
  });
});
