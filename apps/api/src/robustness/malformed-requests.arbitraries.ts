import fc from 'fast-check';

/**
 * Generators for the malformed-request test (not a test itself). Routes come from the running app, so a
 * new route is fuzzed without anyone editing this file; the OpenAPI document adds what each one expects
 * (query names, body schema), which lets the generator start from a plausible request and break it.
 */

export interface RouteSpec {
  method: string;
  /** Fastify's template: `:id` path params, `*` wildcard. */
  path: string;
  queryNames: string[];
  body?: JsonSchema;
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Reads the tree of `app.printRoutes({ commonPrefix: false })` back into flat method + path pairs. */
export function parsePrintedRoutes(printed: string): Array<{ method: string; path: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1] : '') + m[2];
    stack.push(path);
    for (const method of m[3]?.split(', ') ?? []) {
      // HEAD answers carry no body to check; GET on the same path covers the handler.
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

const normalise = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '');

/** Every route the app serves, with what the OpenAPI document says about its query and body. */
export function describeRoutes(printed: string, doc: OpenApiDoc): RouteSpec[] {
  const ops = new Map<string, OpenApiDoc['paths'][string][string]>();
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod))
      ops.set(`${method.toUpperCase()} ${normalise(path)}`, op);
  }
  return parsePrintedRoutes(printed).map(({ method, path }) => {
    const op = ops.get(`${method} ${normalise(path)}`);
    return {
      method,
      path,
      queryNames: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op?.requestBody?.content?.['application/json']?.schema,
    };
  });
}

/**
 * A request the schema would accept (roughly): the starting point that the mutations then break. `values`
 * gives fields by name (dates, an amount) where a guess from the type would be refused.
 */
export function plausible(
  schema: JsonSchema | undefined,
  name = '',
  ids: number[] = [1],
  values: Record<string, unknown> = {},
): unknown {
  if (!schema) return {};
  if (name in values) return values[name];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[schema.anyOf.length - 1], name, ids, values);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, prop]) => [
          key,
          plausible(prop, key, ids, values),
        ]),
      );
    case 'array':
      return [plausible(schema.items, name, ids, values)];
    case 'integer':
      return ids[0];
    case 'number':
      return 1000;
    case 'boolean':
      return true;
    case 'string':
      if (name.includes('date')) return '2026-12-01';
      if (name.includes('email')) return 'someone@example.com';
      if (schema.pattern?.includes('{6}')) return '123456';
      if (schema.pattern) return '9876543210';
      return 'Mumbai';
    default:
      return null;
  }
}

const huge = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Strings a careless parser trips on: control bytes, lone surrogates, bad dates, numbers in disguise. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFFx',
    '\u202Eevil',
    '😀🇮🇳',
    'नमस्ते',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1.5',
    '1e309',
    '0x1F',
    '9'.repeat(40),
    '-9007199254740993',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '22/11/2026',
    '2026-11-22T25:61:00Z',
    '+275760-09-13',
    '9999-12-31',
    '1,2,3',
    ',,,',
    '1,,a',
    '10,1',
    '-5,-1',
    "'; DROP TABLE products; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{"a":1}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(huge('x', 5_000), huge('९', 100_000), huge('1', 200_000), huge('\u0000😀', 20_000)),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of the wrong type, or of the right type with a wrong value. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': {} }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Mutation = { at: number; op: 'replace' | 'delete' | 'wrap'; value: unknown };

/** Every place in a JSON value a mutation can hit, as key paths (the root is []). */
function placesIn(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const places = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) places.push(...placesIn(v, [...at, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) places.push(...placesIn(v, [...at, k]));
  }
  return places;
}

export function mutate(template: unknown, mutations: Mutation[]): unknown {
  let root = structuredClone(template);
  for (const { at, op, value } of mutations) {
    const places = placesIn(root);
    const place = places[at % places.length];
    if (place.length === 0) {
      root = op === 'wrap' ? [root] : op === 'replace' ? value : root;
      continue;
    }
    const parent = place
      .slice(0, -1)
      .reduce((o: unknown, k) => (o as Record<string, unknown>)[k], root) as Record<string | number, unknown>;
    const key = place[place.length - 1];
    if (op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else parent[key] = op === 'wrap' ? [parent[key]] : value;
  }
  return root;
}

/** The template with its `at`-th string (modulo their number) replaced: one bad text field, the rest valid. */
export function withString(template: unknown, at: number, value: string): unknown {
  const root = structuredClone(template);
  const strings = placesIn(root).filter(
    (place) => typeof place.reduce((o: unknown, k) => (o as Record<string, unknown>)[k], root) === 'string',
  );
  if (strings.length === 0) return root;
  const place = strings[at % strings.length];
  if (place.length === 0) return value;
  const parent = place
    .slice(0, -1)
    .reduce((o: unknown, k) => (o as Record<string, unknown>)[k], root) as Record<string | number, unknown>;
  parent[place[place.length - 1]] = value;
  return root;
}

export const mutationsArb: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({ at: fc.nat(), op: fc.constantFrom('replace', 'replace', 'delete', 'wrap'), value: nastyValue }),
  { minLength: 1, maxLength: 3 },
) as fc.Arbitrary<Mutation[]>;

export const badJson = fc.constantFrom(
  '',
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,2,',
  'nul',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '1e999999',
  '"just a string"',
  '12',
  'true',
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
  'nonsense',
);

/** Every byte percent-encoded (encodeURIComponent throws on lone surrogates; Buffer replaces them). */
export const percentEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Path segments for `:id`-like params: valid ids, negatives, overflow, bad percent-encoding, long. */
export const nastySegment = (ids: number[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...ids.map(String)) },
    {
      weight: 5,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '99999999999999999999',
        '2147483648',
        'abc',
        '%00',
        '%E0%A4%A',
        '%',
        '%ZZ',
        '%F0%9F%98%80',
        '..',
        '%2e%2e%2f',
        ' ',
        '%20',
        huge('7', 500),
      ),
    },
    { weight: 2, arbitrary: nastyString.map((s) => percentEncode(s.slice(0, 200))) },
  );
