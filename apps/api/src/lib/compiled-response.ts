import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * A route's answers written by fast-json-stringify, compiled once from the JSON Schema of the route's own
 * zod response schema, instead of the app-wide zod serializer (a full zod encode of the answer, then
 * JSON.stringify): for the catalogue's uncached reads and the availability check that encode was a large
 * share of the time spent past the database (issue 23, docs/decisions/049). The zod schema stays the
 * route's contract: the OpenAPI document is still made from it, and the API tests still check every
 * answer against that document.
 *
 * Only for answers our own code builds in the schema's shape: fast-json-stringify leaves out keys the
 * schema does not name and runs no zod refinement. Routes opt in with `serializerCompiler`; answers
 * other than 200 keep the zod serializer.
 */
export function compiledSerializer<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const { schema, httpStatus } = route;
  // Errors keep the app's zod serializer: rare, and built by the error handler rather than by the route.
  if (httpStatus !== '200') return zodSerializerCompiler(route as never) as (data: unknown) => string;
  const json = z.toJSONSchema(schema as unknown as ZodType, {
    io: 'output',
    target: 'draft-7',
    // A shape JSON Schema cannot say (none in these schemas today) becomes "anything" rather than failing.
    unrepresentable: 'any',
  });
  return fastJson(simplified(json) as Parameters<typeof fastJson>[0]);
}

type Json = { [key: string]: unknown };

/** Keywords that only constrain a value, which a serializer ignores anyway. */
const BARE_KEYS = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'format']);

/**
 * `anyOf` of bare types (zod's nullable and simple unions) as one `type` list: fast-json-stringify writes
 * that directly, while an `anyOf` costs a schema validation per value.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = simplified(value);
  const anyOf = out.anyOf;
  if (
    Array.isArray(anyOf) &&
    anyOf.every(
      (branch: Json) =>
        typeof branch.type === 'string' &&
        branch.type !== 'object' &&
        branch.type !== 'array' &&
        Object.keys(branch).every((k) => BARE_KEYS.has(k)),
    )
  ) {
    delete out.anyOf;
    out.type = anyOf.map((branch: Json) => branch.type);
  }
  return out;
}
