import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * Issue 46 on PGlite, which runs one query at a time: catalogue reads queue one by one with a bound
 * (CATALOGUE_QUEUE_MAX), past which they answer 503 with Retry-After at once, while health, readiness and
 * everything that is no catalogue read stay answerable. PostgreSQL has the statement timeout instead.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { CATALOGUE_QUEUE_MAX: '1' } });
});
afterAll(() => ctx.close());

const from = (ip: string, url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('catalogue reads past their bound', () => {
  it('answer 503 with Retry-After while the queue is full; health and readiness still answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One read in flight and one waiting: the bound (CATALOGUE_QUEUE_MAX=1) is reached.
    const inFlight = ctx.app.catalogueReads.run(() => held);
    const queued = ctx.app.catalogueReads.run(async () => 'queued');
    const refused = await from('10.46.2.1', '/api/product/?search=queue');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('catalogue_busy');
    expect(refused.headers['retry-after']).toBe('2');
    for (const url of ['/api/health/ready', '/api/health/live', '/api/health']) {
      expect((await from('10.46.2.1', url)).statusCode, url).toBe(200);
    }
    release();
    await inFlight;
    expect(await queued).toBe('queued');
    expect((await from('10.46.2.1', '/api/product/?search=queue')).statusCode).toBe(200);
  });

  it('gives the event loop a turn between two reads, so requests on other sockets are read in between', async () => {
    // PGlite's queries run on this thread: were the next read started in the same turn (a microtask), a
    // readiness probe arriving on a socket would wait for the whole queue, not just the read in flight.
    // The previous test's last read hands its turn on in the next turn: let it.
    await new Promise((resolve) => setImmediate(resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const first = ctx.app.catalogueReads.run(async () => {
      await held;
      order.push('first read done');
    });
    const second = ctx.app.catalogueReads.run(async () => {
      order.push('second read started');
    });
    release();
    setImmediate(() => order.push('a turn of the event loop (sockets read)'));
    await Promise.all([first, second]);
    expect(order).toEqual([
      'first read done',
      'a turn of the event loop (sockets read)',
      'second read started',
    ]);
  });
});
