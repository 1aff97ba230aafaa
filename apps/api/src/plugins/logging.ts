import type { FastifyServerOptions } from 'fastify';

/** Query keys whose values never reach a log line (DESIGN.md section 5). */
const SECRET_QUERY_KEYS = /^(phone_number|phone|code|otp|token|signature|pan|gst)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.phone_number',
        '*.code',
        '*.token',
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
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  };
}
