import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProcessStore,
  type ProcessStore,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';

/**
 * Issue 20, item 5: SIGTERM reset requests that arrived on idle keep-alive connections (15 ECONNRESET
 * with 16 clients): Node's server.close() destroys every connection between two requests, while the
 * client's next request may already be on its way. Here 16 keep-alive clients keep sending to the real
 * server process, one connection each, through its SIGTERM, like a load-testing tool: after an answer saying
 * "Connection: close" a client connects again, until the connection is refused (the listener is closed:
 * no request was sent, nothing was lost). None may see a reset: every request sent gets a whole answer
 * (200, or 503 with Connection: close) and the process exits 0. PGlite only: it starts its own server.
 */
const CLIENTS = 16;

interface Answer {
  status: number;
  connection?: string;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

let store: ProcessStore;
let server: ServerProcess | undefined;
beforeAll(async () => {
  store = await createProcessStore();
});
afterAll(async () => {
  await server?.kill();
  await store?.destroy();
});

// A guard, not a measure: server processes start on two busy cores (vitest beside the journeys, decision
// 071); the other process tests allow as long.
describe('SIGTERM with 16 keep-alive clients sending', { timeout: 180_000 }, () => {
  it('resets none: every request is answered, each connection ends with Connection: close, exit 0', async () => {
    server = await startServerProcess(store);
    const url = `${server.url}/api/health`;
    let warmed = 0;
    let allWarm: () => void = () => {};
    const warm = new Promise<void>((resolve) => {
      allWarm = resolve;
    });
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const answers: Answer[] = [];
      const errors: string[] = [];
      try {
        for (;;) {
          const answer = await get(url, agent).catch((err: NodeJS.ErrnoException) => {
            // Refused after an answer closed the connection: the server is gone, and said so first.
            const closed = answers.at(-1)?.connection === 'close';
            if (!(err.code === 'ECONNREFUSED' && closed))
              errors.push(
                `${err.code ?? ''} ${err.message} after ${answers.length} last=${answers.at(-1)?.connection}`,
              );
            return undefined;
          });
          if (!answer) break;
          answers.push(answer);
          if (answers.length === 3 && ++warmed === CLIENTS) allWarm();
          // Clients pause a little between requests (0-15 ms, staggered), so at the signal some connections
          // are idle and some busy, and requests keep arriving on connections that were idle.
          await new Promise((resolve) => setTimeout(resolve, i % 16));
        }
      } finally {
        agent.destroy();
      }
      return { answers, errors };
    });
    await warm;
    const exit = await server.stop();
    const outcomes = await Promise.all(clients);

    expect(
      outcomes.flatMap((o) => o.errors),
      server.output(),
    ).toEqual([]);
    for (const { answers } of outcomes) {
      for (const a of answers) expect([200, 503]).toContain(a.status);
      expect(answers.at(-1)?.connection).toBe('close');
      expect(answers.filter((a) => a.status === 503).every((a) => a.connection === 'close')).toBe(true);
    }
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
  });
});
