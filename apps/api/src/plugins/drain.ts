import type { FastifyInstance } from 'fastify';

/**
 * Once app.close() has begun (SIGTERM), every answer still going out says "Connection: close". Without
 * it, a keep-alive connection whose request was in flight turns idle after its answer and stays open
 * until keepAliveTimeout (72 s), so server.close() never finishes and the shutdown guard exits 1.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
