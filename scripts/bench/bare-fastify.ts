/**
 * The bare-Fastify ceiling (issue 23): Fastify with no plugins, hooks, schemas or logger, answering each
 * captured read with the exact bytes the product answered for it. Run as a child process by ceilings.ts:
 * `node --import tsx scripts/bench/bare-fastify.ts <manifest.json> <port>`, the manifest listing
 * `{ route, method, file, headers }` (the answer's bytes in `file`, its headers as the product sent them).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Served {
  route: string;
  method: 'GET' | 'POST';
  file: string;
  /** The product's answer headers (its security headers among them), so both write the same bytes. */
  headers?: Record<string, string>;
}

const [manifestPath, port] = process.argv.slice(2);
const served = JSON.parse(readFileSync(manifestPath, 'utf8')) as Served[];
const app = Fastify({ logger: false });
for (const s of served) {
  const bytes = readFileSync(s.file);
  const headers = s.headers ?? { 'content-type': 'application/json; charset=utf-8' };
  // The body of a POST is parsed as the product would parse it (JSON), then ignored.
  app.route({
    method: s.method,
    url: s.route,
    handler: async (_request, reply) => reply.headers(headers).send(bytes),
  });
}
app.get('/ready', async () => 'ok');
await app.listen({ host: '127.0.0.1', port: Number(port) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close());
