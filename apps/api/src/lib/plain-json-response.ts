import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * A route's 200 answers written by JSON.stringify, for answers our own code builds field by field in the
 * schema's shape (toProduct, checkAvailability), instead of the app-wide zod serializer (a full zod encode,
 * a copy of the whole answer, then JSON.stringify). Issue 23, docs/decisions/064: fast-json-stringify, used
 * here before, builds its answer from thousands of small pieces, and Node then flattens that string to
 * count its bytes for content-length; JSON.stringify writes one flat string, 20-30 us less per uncached
 * catalogue page. The zod schema stays the route's contract: the OpenAPI document is made from it, every
 * object in it forbids keys it does not name, and the API tests check every answer against that document,
 * so a key leaked into an answer fails a test.
 */
export function plainJsonSerializer<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  // Errors keep the app's zod serializer: rare, and built by the error handler rather than by the route.
  if (route.httpStatus !== '200') return zodSerializerCompiler(route as never) as (data: unknown) => string;
  return (data) => JSON.stringify(data);
}
