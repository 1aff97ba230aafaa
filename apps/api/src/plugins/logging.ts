import type { FastifyServerOptions } from 'fastify';
import { type DestinationStream, stdSerializers } from 'pino';

/** Query keys whose values never reach a log line (docs/product-rules.md section 5; `key`: the dev key, decision 040). */
const SECRET_QUERY_KEYS = /^(phone_number|phone|code|otp|token|signature|pan|gst|bot_token|key)$/i;

/**
 * Paths whose last segment is a bearer secret: a media plan's share link (`/plan/<token>` in the browser,
 * `/api/plans/shared/<token>` and `DELETE /api/plans/share/<token>` in the API). Whoever reads an access
 * log line with one could open or revoke the plan, so it goes the way of the pay token in `?token=`.
 */
const SECRET_PATH = /^((?:\/api\/plans\/shared?|\/plan)\/)[^/?#]+/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, '$1[redacted]');
  if (q < 0) return pathPart;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${pathPart}?${params.toString()}`;
}

/**
 * drizzle's DrizzleQueryError carries the bound values ("params: 9876543210,...") in its message, stack
 * and a `params` property; a PostgreSQL error's `detail` can echo a key ("Key (phone_number)=(...)").
 * The query text stays: it holds placeholders, not values.
 */
const scrub = (text: unknown) =>
  typeof text === 'string' ? text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]') : text;

function errSerializer(err: Error) {
  const out = stdSerializers.err(err);
  if (!out || typeof out !== 'object') return out;
  const bag = out as unknown as Record<string, unknown>;
  out.message = scrub(out.message) as string;
  out.stack = scrub(out.stack) as string;
  if ('params' in bag) bag.params = '[redacted]';
  if ('detail' in bag) bag.detail = '[redacted]';
  return out;
}

/** Pino settings for Fastify. `stream` lets a test capture the output (the log-redaction test does). */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.phone_number',
        '*.code',
        '*.token',
        '*.bot_token',
        '*.signature',
        '*.pan',
        '*.gst',
        'phone_number',
        'code',
        'token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
      }),
      err: errSerializer,
    },
  };
}
