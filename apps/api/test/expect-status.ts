import type { LightMyRequestResponse } from 'fastify';

/** An answer's JSON, failing with its body unless its status is `status`. */
export function expectStatus<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) {
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  }
  return res.json() as T;
}
