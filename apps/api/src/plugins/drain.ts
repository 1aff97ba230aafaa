import type { Server, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long shutdown keeps accepting what the kernel has queued, at most (a steady flood never goes quiet). */
const ACCEPT_QUEUE_MAX_MS = 1000;
/** How long an accepted connection may take to send its first request once shutdown began. */
const FIRST_REQUEST_GRACE_MS = 2000;
/** How long a keep-alive connection must have been idle before shutdown closes it itself. */
const IDLE_GRACE_MS = 500;

/**
 * Shutdown (DESIGN section 1): stop accepting, but answer what was read and what the kernel has queued.
 *
 * - Closing a listening socket makes the kernel reset every connection still waiting in its accept queue
 *   (61 of 64 connections opened just before a SIGTERM were reset). So before the listener closes, the
 *   queue is accepted until an event-loop turn finds nothing more in it.
 * - Node's server.close() destroys every connection without a request in progress, including one just
 *   accepted whose request is still unread in the kernel's buffer (which the kernel then answers with a
 *   reset). So the listener closes only once each accepted connection has begun its first request (or
 *   closed, or stayed silent for FIRST_REQUEST_GRACE_MS, as a browser's spare preconnection may).
 * - Once app.close() has begun, every answer says "Connection: close". Without it, a keep-alive connection
 *   whose request was in flight turns idle after its answer and stays open until keepAliveTimeout (72 s),
 *   so server.close() never finishes and the shutdown guard exits 1.
 * - Node's server.close() (and Fastify's) also destroys every idle keep-alive connection at once. A client
 *   that sent its next request on one a moment before gets a reset: 15 ECONNRESET of 16 clients that kept
 *   sending through a SIGTERM. So during shutdown an idle connection is left open: a request that arrives
 *   on it is answered with "Connection: close", which closes it cleanly, and one that stays idle for
 *   IDLE_GRACE_MS is ended (a FIN, not a reset).
 * Requests that arrive during shutdown are answered normally, not with Fastify's bare 503
 * (return503OnClosing is off in app.ts): they can only come from connections accepted before the listener
 * closed.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  const silent = trackSilentConnections(app.server);
  const idle = trackIdleConnections(app.server);
  app.addHook('preClose', async () => {
    draining = true;
    if (!app.server.listening) return;
    await acceptQueued(app.server);
    await silent.untilEmpty(FIRST_REQUEST_GRACE_MS);
    // Called by server.close() and by Fastify's close: idle connections are closed gently instead.
    app.server.closeIdleConnections = () => idle.closeWhenQuiet(IDLE_GRACE_MS);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}

/** Since when each open connection has had no request in progress (null: one is). */
function trackIdleConnections(server: Server) {
  const idleSince = new Map<Socket, number | null>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  server.on(
    'request',
    (request: { socket: Socket }, response: { once(e: 'finish', f: () => void): void }) => {
      const { socket } = request;
      if (!idleSince.has(socket)) return;
      idleSince.set(socket, null);
      response.once('finish', () => {
        if (idleSince.has(socket)) idleSince.set(socket, Date.now());
      });
    },
  );
  let timer: NodeJS.Timeout | undefined;
  return {
    /** Ends each connection once it has been idle for `graceMs`, until none is left. */
    closeWhenQuiet(graceMs: number) {
      if (timer) return;
      const sweep = () => {
        const now = Date.now();
        for (const [socket, since] of idleSince) {
          if (since === null || now - since < graceMs || socket.writableEnded) continue;
          socket.end();
          // A client that never closes its side must not hold the shutdown open.
          setTimeout(() => socket.destroy(), 2000).unref();
        }
        if (idleSince.size === 0) {
          clearInterval(timer);
        }
      };
      timer = setInterval(sweep, 50);
      timer.unref();
      sweep();
    },
  };
}

/** Connections accepted that have not begun a request yet. */
function trackSilentConnections(server: Server) {
  const silent = new Set<Socket>();
  let emptied: (() => void) | undefined;
  const forget = (socket: Socket) => {
    if (!silent.delete(socket)) return;
    if (silent.size === 0) emptied?.();
  };
  server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => forget(socket));
  });
  server.on('request', (request: { socket: Socket }) => forget(request.socket));
  return {
    untilEmpty: (maxMs: number) =>
      new Promise<void>((resolve) => {
        if (silent.size === 0) return resolve();
        const timer = setTimeout(resolve, maxMs);
        emptied = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
}

/**
 * Resolves once two event-loop turns in a row accepted no connection. Each turn's poll phase asks the kernel
 * whether the listening socket has connections waiting (and libuv accepts them all), so a quiet turn means
 * the queue was empty.
 */
async function acceptQueued(server: Server): Promise<void> {
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  server.on('connection', count);
  const until = Date.now() + ACCEPT_QUEUE_MAX_MS;
  try {
    for (let quiet = 0; quiet < 2 && Date.now() < until; ) {
      const before = accepted;
      await new Promise((resolve) => setImmediate(resolve));
      quiet = accepted === before ? quiet + 1 : 0;
    }
  } finally {
    server.off('connection', count);
  }
}
