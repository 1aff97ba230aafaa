import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
