import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, sqlState } from '../lib/errors.ts';

/**
 * Every failure leaves as {"error": {"code", "message", "fields"?}}. Bad input is a 400 naming the field;
 * a 5xx never carries a stack trace or a driver message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const where = String(issue.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
        const key = where || err.validationContext || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.keys(fields)[0];
      return reply.status(400).send({
        error: { code: 'bad_request', message: `Invalid ${first}: ${fields[first]}`, fields },
      });
    }
    if (sqlState(err)?.startsWith('22')) {
      // PostgreSQL's data exceptions (class 22: a NUL in text, a value out of range, a bad date...) are
      // input the schemas should have refused; the shared text rules catch what we know of, and this keeps
      // anything they miss a 400 instead of a 500. The driver's message stays in the log, not the answer.
      request.log.warn({ err, sqlState: sqlState(err) }, 'database refused a value');
      return reply.status(400).send({
        error: { code: 'bad_request', message: 'A value in the request cannot be stored or searched for.' },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type...).
      const code =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.status(status).send({ error: { code, message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  // A path some route serves, asked with another method (TRACE, say): 405 naming the methods it takes.
  // (A route that hides itself with this 404, the dev tools say, serves the method: that stays a 404.)
  const allowed = reply.server.allowedMethods?.(path) ?? [];
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send({ error: { code: 'method_not_allowed', message: `${request.method} is not allowed here.` } });
  }
  return reply
    .status(404)
    .send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (bad percent-encoding) or a path param over
 * maxParamLength is answered before any route or error handler runs, so without this it leaves in
 * Fastify's own shape ({"error": "Bad Request", ...}) instead of ours.
 */
export function sendFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hooks run for these answers: the security headers are added here (plugins/security-headers.ts).
  reply.headers(reply.server.securityHeaders ?? {});
  const status = err.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err }, 'framework error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  }
  const code = status === 414 ? 'uri_too_long' : 'bad_request';
  return reply.status(status).send({ error: { code, message: err.message } });
}
