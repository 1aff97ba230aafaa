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
 * with 16 clients): server.close() destroyed every connection between two requests, while the client's
 * next request was already on its way. Here 16 keep-alive clients keep sending to the real server
 * process through its SIGTERM: none may see a reset; each connection is closed by an answer saying
 * "Connection: close" (then new connections are refused, since the listener is closed).
 */
const CLIENTS = 16;

interface Outcome {
  answered: number;
  closedByAnswer: boolean;
  errors: string[];
}

function get(url: string, agent: http.Agent): Promise<{ status: number; connection?: string }> {
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

describe('SIGTERM with keep-alive clients sending', () => {
  it('resets none of 16 clients: each connection ends with an answer saying Connection: close', async () => {
    server = await startServerProcess(store);
    const url = `${server.url}/api/health`;
    let stopping = false;
    const clients = Array.from({ length: CLIENTS }, async (): Promise<Outcome> => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const outcome: Outcome = { answered: 0, closedByAnswer: false, errors: [] };
      try {
        while (!stopping) {
          try {
            const res = await get(url, agent);
            expect(res.status).toBe(200);
            outcome.answered += 1;
            if (res.connection === 'close') outcome.closedByAnswer = true;
          } catch (err) {
            const code = (err as NodeJS.ErrnoException).code ?? String(err);
            // The listener is closed: a new connection is refused, which is no reset.
            if (code === 'ECONNREFUSED' && outcome.closedByAnswer) return outcome;
            outcome.errors.push(`${code}: ${(err as Error).message}`);
            return outcome;
          }
        }
        return outcome;
      } finally {
        agent.destroy();
      }
    });
    // Every client has its keep-alive connection open and busy before the signal.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const exit = await server.stop();
    stopping = true;
    const outcomes = await Promise.all(clients);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(outcomes.flatMap((o) => o.errors)).toEqual([]);
    expect(outcomes.every((o) => o.answered > 0 && o.closedByAnswer)).toBe(true);
  });
});
