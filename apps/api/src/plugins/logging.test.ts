import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../../test/otp-sign-in.ts';
import { loggerOptions, redactUrl } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions('info', stream) as pino.LoggerOptions & { stream: Writable };
  return { logger: pino(options, stream), text: () => lines.join('') };
}

describe('log redaction', () => {
  it('hides secret query values', () => {
    expect(redactUrl('/api/dev/sms-outbox?phone_number=9876543210&x=1')).toBe(
      '/api/dev/sms-outbox?phone_number=%5Bredacted%5D&x=1',
    );
  });

  it('hides share-link tokens in paths and the dev key in the query', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(redactUrl(`/api/plans/shared/${token}`)).toBe('/api/plans/shared/[redacted]');
    expect(redactUrl(`/api/plans/share/${token}?x=1`)).toBe('/api/plans/share/[redacted]?x=1');
    expect(redactUrl(`/plan/${token}`)).toBe('/plan/[redacted]');
    expect(redactUrl(`/plan/${token}/`)).toBe('/plan/[redacted]/');
    expect(redactUrl('/api/plans/share')).toBe('/api/plans/share');
    expect(redactUrl('/api/plans/shares')).toBe('/api/plans/shares');
    expect(redactUrl('/planner/x')).toBe('/planner/x');
    expect(redactUrl('/api/dev/sms-outbox?key=k3y&phone_number=9876543210')).toBe(
      '/api/dev/sms-outbox?key=%5Bredacted%5D&phone_number=%5Bredacted%5D',
    );
  });

  it('keeps share-link tokens out of the access log (issue 20)', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const ctx = await createAuthTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
    try {
      const token = 'ShareLinkToken0123456789abcdefghijklmnopqrs';
      await ctx.app.inject({ method: 'GET', url: `/api/plans/shared/${token}` });
      await ctx.app.inject({ method: 'DELETE', url: `/api/plans/share/${token}` });
      await ctx.app.inject({ method: 'GET', url: `/plan/${token}` });
      const log = lines.join('');
      expect(log).toContain('/api/plans/shared/[redacted]');
      expect(log).toContain('/plan/[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await ctx.close();
    }
  });

  it('hides the bound values of a failed query, keeping the query text', () => {
    const { logger, text } = capture();
    const err = new DrizzleQueryError('insert into users (phone_number) values ($1)', ['9876543210']);
    logger.error({ err }, 'unhandled error');
    expect(text()).toContain('insert into users');
    expect(text()).not.toContain('9876543210');
  });

  it('hides phone_number, code and token fields of logged objects', () => {
    const { logger, text } = capture();
    logger.info({ body: { phone_number: '9876543210', code: '123456', token: 'eyJ.abc.def' } }, 'x');
    expect(text()).not.toMatch(/9876543210|123456|eyJ\.abc/);
  });
});
