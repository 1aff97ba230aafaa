import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  createAuthTestApp,
  nextPhone,
  sendCode,
  verifyCode,
} from '../auth/auth.test-helpers.ts';
import { HttpSmsProvider } from './http-sms.provider.ts';
import { SmsSendError } from './sms.provider.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: { to: string; sender: string; message: string };
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
