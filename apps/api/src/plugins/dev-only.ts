import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../lib/loopback.ts';
import { sendNotFound } from './error-handler.ts';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * onRequest hook of the development endpoints (DESIGN.md section 1): they answer only a request whose
 * socket comes from this machine - the socket's own address, never X-Forwarded-For or request.ip, which
 * a client or a proxy setting can make say anything. A request that went through a proxy (it carries a
 * forwarding header) is refused too: a reverse proxy on this machine connects from loopback on behalf of
 * the whole world. Anyone else gets the same 404 as a route that does not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (proxied || !isLoopbackAddress(request.socket.remoteAddress)) return sendNotFound(request, reply);
}
