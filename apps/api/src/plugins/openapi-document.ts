import { errorResponseSchema } from '@ooh/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Transform = typeof jsonSchemaTransform;

/**
 * The zod schemas turned into the OpenAPI document, plus the answers the framework gives for every route
 * before its handler runs, which no route lists by itself (decision 041): 400 where there is input to
 * validate, 413 and 415 where a body can be sent, 414 where a path parameter may exceed Fastify's
 * maxParamLength, and 304 on the catalogue's cacheable reads (a matching If-None-Match, decision 067).
 * test/openapi-check.ts holds the API tests' answers to this document.
 */
export const openApiTransform: Transform = (document) => {
  const out = jsonSchemaTransform(document);
  const schema = out.schema as Record<string, unknown> & {
    hide?: boolean;
    response?: Record<string, unknown>;
  };
  if (!schema || schema.hide) return out;
  const source = document.schema as Record<string, unknown> | undefined;
  const response = { ...(schema.response ?? {}) };
  const add = (status: string) => {
    if (!(status in response)) response[status] = errorJson();
  };
  if (source?.params || source?.querystring || source?.body || source?.headers) add('400');
  if (source?.params) add('414');
  const route = (document as { route?: { config?: { catalogueCache?: boolean } } }).route;
  if (route?.config?.catalogueCache === true && !('304' in response)) {
    response['304'] = { type: 'null', description: "Not modified: If-None-Match named this answer's ETag" };
  }
  // Fastify reads a body sent to any method but GET and HEAD, schema or not: a route without a body schema
  // still answers 415 to an unknown content type and 413 above the limit (the fuzzer sent one to logout).
  const method = (document as { route?: { method?: string | string[] } }).route?.method;
  const methods = [method ?? []].flat().map((m) => m.toUpperCase());
  if (source?.body || methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    add('413');
    add('415');
  }
  return { ...out, schema: { ...schema, response } };
};

let errorJsonSchema: unknown;
/** The one error shape as OpenAPI 3.0 JSON schema. */
function errorJson(): unknown {
  errorJsonSchema ??= z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0', io: 'output' });
  return errorJsonSchema;
}
