import net, { type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown has begun: every answer says "Connection: close". */
    draining(): boolean;
  }
}

/**
 * How long a SIGTERM'd server may take to answer what it accepted before it exits 1 anyway (server.ts).
 * The recipe's grace periods (deploy/: Kubernetes' terminationGracePeriodSeconds after the preStop pause,
 * compose's stop_grace_period) are longer, so the orchestrator never kills a drain that is still answering.
 */
export const SHUTDOWN_FORCE_EXIT_MS = 10_000;

/** How long shutdown keeps accepting what the kernel has queued, at most (a steady flood never goes quiet). */
const ACCEPT_QUEUE_MAX_MS = 1000;
/** How long an accepted connection may take to send its first request once shutdown began. */
const FIRST_REQUEST_GRACE_MS = 2000;
/**
 * How long shutdown leaves an idle keep-alive connection open for a last request before closing it. A
 * client on a busy machine may take more than a second to send its next request (one second reset 1 of 16
 * keep-alive clients on a loaded two-core run); within the force-exit guard, well within an orchestrator's
 * grace period.
 */
const IDLE_GRACE_MS = 3000;

/**
 * Shutdown (docs/product-rules.md section 1): stop accepting, but answer what was read and what the kernel has queued.
 *
 * - Closing a listening socket makes the kernel reset every connection still waiting in its accept queue
 *   (61 of 64 connections opened just before a SIGTERM were reset). So before the listener closes, the
 *   queue is accepted until an event-loop turn finds nothing more in it.
 * - Node's server.close() destroys every connection without a request in progress, including one just
 *   accepted whose request is still unread in the kernel's buffer (which the kernel then answers with a
 *   reset). So server.close() runs only once each accepted connection has begun its first request (or
 *   closed, or stayed silent for FIRST_REQUEST_GRACE_MS, as a browser's spare preconnection may).
 * - Once app.close() has begun, every answer says "Connection: close". Without it, a keep-alive connection
 *   whose request was in flight turns idle after its answer and stays open until keepAliveTimeout (72 s),
 *   so server.close() never finishes and the shutdown guard exits 1.
 * - Keep-alive clients (issue 20 item 5: 15 ECONNRESET of 16 clients): the listener closes BEFORE the first
 *   "Connection: close" answer. A client told to close connects again at once; were the listener still
 *   open, that connection would wait in the kernel's queue and be reset when it closed. Closed first, the
 *   new connection is refused (no request sent, nothing lost). And Node's server.close() destroys every
 *   idle keep-alive connection at once, resetting a request already on its way; so idle connections are
 *   left open for up to IDLE_GRACE_MS, each closing after the answer to its next request.
 * Requests that arrive during shutdown are answered normally, not with Fastify's bare 503
 * (return503OnClosing is off in app.ts): they can only come from connections accepted before the listener
 * closed.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  const silent = trackSilentConnections(app.server);
  const open = trackOpenConnections(app.server);
  app.addHook('preClose', async () => {
    // server.ts has stopped accepting already; a test's or another caller's app.close() may not have.
    await stopAccepting(app);
    draining = true;
    await silent.untilEmpty(FIRST_REQUEST_GRACE_MS);
    await open.untilEmpty(IDLE_GRACE_MS);
  });
  // Callback style: an async hook costs every answer a promise (the catalogue cache's hits included).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // For answers written past the onSend hooks (the catalogue cache's early hits).
  app.decorate('draining', () => draining);
}

/**
 * The first step of shutdown, before app.close() (which makes Fastify answer "Connection: close" at once):
 * accepts what the kernel has queued, then closes only the listening socket. http.Server#close would also
 * destroy the idle keep-alive connections; Fastify's own close later finds the listener closed
 * (ERR_SERVER_NOT_RUNNING, which it expects) and waits for the connections that are left.
 */
export async function stopAccepting(app: FastifyInstance): Promise<void> {
  if (!app.server.listening) return;
  await acceptQueued(app.server);
  if (app.server.listening) net.Server.prototype.close.call(app.server);
}

/** Every open connection: shutdown waits a little for keep-alive ones to close after their next answer. */
function trackOpenConnections(server: Server) {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    untilEmpty: async (maxMs: number) => {
      const until = Date.now() + maxMs;
      while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
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
