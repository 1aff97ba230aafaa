import type { ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../src/app-types.ts';

/**
 * OpenAPI truth, kept by machine (decision 041): every answer an API test receives through `app.inject` is
 * checked against /api/openapi.json. The status must be documented for the route and method, the content
 * type must be one documented for that status, and a JSON body must match the documented schema (ajv with
 * ajv-formats, one compiled validator per route, status and content type). A mismatch is recorded here and
 * fails the test that caused it (test/openapi-setup.ts), naming the route, status and body path.
 */

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const DOC_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// ajv-formats ships as CommonJS: its default export is the plugin under Node's ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let doc: OpenApiDoc | undefined;
let ajv: Ajv | undefined;
let matchers: Array<{ template: string; regex: RegExp; params: number; literal: number }> = [];
const validators = new Map<string, ValidateFunction>();
const violations: string[] = [];

/** The violations since the last call, emptied. */
export function takeOpenApiViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Makes `app.inject` check every answer; done by test/test-app.ts for every app the API tests build. */
export function checkAnswersAgainstOpenApi(app: AppInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const wrapped = (options?: InjectOptions | string, callback?: unknown) => {
    // The chained form (no options) and the callback form are passed through unchecked: the tests use neither.
    if (options === undefined || callback !== undefined) {
      return (app.inject as unknown as (...a: unknown[]) => unknown).call(app, options, callback);
    }
    return inject(options).then(async (res) => {
      await ensureDocument(inject);
      const problem = checkAnswer(options, res);
      if (problem) violations.push(problem);
      return res;
    });
  };
  Object.defineProperty(app, 'inject', { value: wrapped, configurable: true, writable: true });
}

async function ensureDocument(inject: (o: InjectOptions) => Promise<LightMyRequestResponse>): Promise<void> {
  if (doc) return;
  // The document is the same for every app the tests build (the routes do not depend on settings).
  const res = await inject({ method: 'GET', url: '/api/openapi.json' });
  if (doc) return;
  doc = res.json() as OpenApiDoc;
  ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
  addFormats(ajv);
  for (const f of ['binary', 'int32', 'int64', 'float', 'double', 'password']) {
    if (!ajv.formats[f]) ajv.addFormat(f, true);
  }
  ajv.addSchema(openApi30ToJsonSchema(structuredClone(doc)) as object, DOC_ID);
  matchers = Object.keys(doc.paths).map((template) => {
    const parts = template.split(/(\{[^}]+\})/).filter(Boolean);
    const source = parts
      .map((p) => (p.startsWith('{') ? '([^/]+)' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return {
      template,
      regex: new RegExp(`^${source}$`),
      params: parts.filter((p) => p.startsWith('{')).length,
      literal: parts.filter((p) => !p.startsWith('{')).join('').length,
    };
  });
  // A literal path wins over a template that also matches (/api/product/ids over /api/product/{id}).
  matchers.sort((a, b) => a.params - b.params || b.literal - a.literal);
}

const pointer = (...segments: string[]) =>
  segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The check of one answer, for the checker's own test: the problem found, or undefined. */
export function openApiProblem(
  options: InjectOptions | string,
  res: LightMyRequestResponse,
): string | undefined {
  return checkAnswer(options, res);
}

function checkAnswer(options: InjectOptions | string, res: LightMyRequestResponse): string | undefined {
  const opts = typeof options === 'string' ? { url: options } : options;
  const method = (opts.method ?? 'GET').toString().toUpperCase();
  const rawUrl = typeof opts.url === 'string' ? opts.url : typeof opts.path === 'string' ? opts.path : '/';
  let pathname: string;
  try {
    pathname = new URL(rawUrl, 'http://test.invalid').pathname;
  } catch {
    return undefined;
  }
  // The template that documents this method wins (GET /api/plans/share is served by /api/plans/{file}).
  const matching = matchers.filter((m) => m.regex.test(pathname));
  const lower = method === 'HEAD' ? 'get' : method.toLowerCase();
  const match = matching.find((m) => doc?.paths[m.template][lower]) ?? matching[0];
  // Not an API route of the document (the SPA, /media, hidden dev routes, an unknown URL): nothing to check.
  if (!match || !doc || !ajv) return undefined;
  const where = `${method} ${match.template} (${rawUrl.slice(0, 120)}) answered ${res.statusCode}`;
  const item = doc.paths[match.template];
  const documentedMethod = method === 'HEAD' && !item.head ? 'get' : method.toLowerCase();
  const operation = item[documentedMethod];
  if (!operation || !METHODS.includes(documentedMethod)) {
    // A method the path does not serve must be refused as such (405 with Allow), in the error shape.
    if (res.statusCode === 405 && res.headers.allow && isErrorShape(res)) return undefined;
    // A URL the router cannot read (bad percent-encoding, an over-long parameter) is refused before any
    // route is chosen, whatever the method.
    if ([400, 413, 414, 415].includes(res.statusCode) && isErrorShape(res)) return undefined;
    return `${where}: ${method} is not documented for this path, so the answer must be 405 with Allow, in the error shape`;
  }
  const responses = operation.responses ?? {};
  const status = String(res.statusCode);
  const statusKey = [status, `${status[0]}XX`, 'default'].find((k) => k in responses);
  if (!statusKey) {
    return `${where}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ') || 'none'})`;
  }
  const content = responses[statusKey].content;
  const body = res.rawPayload;
  // 204 and 304 never carry a body (RFC 9110), whatever schema the document shows for them.
  if ((res.statusCode === 204 || res.statusCode === 304) && body.length === 0) return undefined;
  if (!content || Object.keys(content).length === 0) {
    if (body.length === 0) return undefined;
    return `${where}: answers a body (${res.headers['content-type'] ?? 'no content type'}) where the document has none`;
  }
  if (method === 'HEAD' || body.length === 0) {
    return res.statusCode === 304 || method === 'HEAD'
      ? undefined
      : `${where}: answers no body where the document has ${Object.keys(content).join(', ')}`;
  }
  const actual = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const documentedType = Object.keys(content).find(
    (t) => t === actual || t === '*/*' || (t.endsWith('/*') && actual.startsWith(t.slice(0, -1))),
  );
  if (!documentedType) {
    return `${where}: content type "${actual}" is not documented for this status (documented: ${Object.keys(content).join(', ')})`;
  }
  const isJson = actual === 'application/json' || actual.endsWith('+json');
  if (!isJson || res.headers['content-encoding']) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `${where}: the body is not JSON although its content type is ${actual}`;
  }
  const ref = `${DOC_ID}#/${pointer('paths', match.template, documentedMethod, 'responses', statusKey, 'content', documentedType, 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    try {
      validate = ajv.compile({ $ref: ref });
    } catch (err) {
      return `${where}: the documented ${statusKey} schema does not compile: ${(err as Error).message}`;
    }
    validators.set(ref, validate);
  }
  if (validate(parsed)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `body${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('; ');
  return `${where}: the body does not match the documented ${statusKey} schema: ${errors}`;
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: ajv reads `nullable` only beside a `type`, and zod's
 * openapi-3.0 output also puts it beside `anyOf` (a nullable union).
 */
function openApi30ToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApi30ToJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = openApi30ToJsonSchema(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function isErrorShape(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
  } catch {
    return false;
  }
}
