import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (a malformed header such as
 * `S~28pg;: x`, a header section too large, a request that never finished) never reaches a route, a hook
 * or the error handler. Fastify's default answer is `{"error":"Bad Request","message":"Client Error"}`,
 * outside the documented error shape and without the security headers; this one answers in our shape
 * (docs/product-rules.md section 4) with the headers every other answer carries (plugins/security-headers.ts), and
 * closes the connection, since nothing more can be read from it.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset socket is gone: nothing to answer (as Node and Fastify do).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request did not arrive in time.']
        : [400, 'bad_request', 'The request is not valid HTTP (a malformed request line or header).'];
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    const headers = {
      ...this.securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}
