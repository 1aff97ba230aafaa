import {
  Column,
  DrizzleQueryError,
  entityKind,
  is,
  type Logger,
  Placeholder,
  SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { statementName } from './named-statements.ts';

/**
 * How a query builder takes a value: `inline` gives it as it is (a parameter of that one query), a `Binds`
 * gives a named placeholder and keeps the value for `execute`. A repository writes its conditions once, with
 * a Bind, and both a one-off query and a prepared one come from them (docs/decisions/052-prepared-reads.md).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

export const inline: Bind = (_name, value) => value;

/** A bound array as one parameter (for `= any($n::int[])`): drizzle writes a plain array as a list. */
export const asOneParam = (value: unknown[] | Placeholder): SQLWrapper =>
  Array.isArray(value) ? sql.param(value) : value;

/** The values of one prepared read by placeholder name; the names in the order bound are its shape. */
export class Binds {
  readonly values: Record<string, unknown> = {};
  private names = '';

  readonly bind: Bind = (name, value) => {
    if (!(name in this.values)) {
      this.values[name] = value;
      this.names += `${name},`;
    } else if (this.values[name] !== value) {
      throw new Error(`placeholder ${name} bound to two values`);
    }
    return sql.placeholder(name);
  };

  /** Which values were bound, in order: two reads of one shape build the same SQL text. */
  get shape(): string {
    return this.names;
  }
}

interface Preparable<P> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): P;
}

/** Per database (tests open many), the prepared reads by family and shape. */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/** Shapes kept per database; past it a read is built each time (correct, only slower). */
export const PREPARED_SHAPES_MAX = 256;

/**
 * The read `family` of this shape, built and prepared once per database. Building a query (drizzle's
 * objects, then its SQL text) was about a sixth of an uncached catalogue read's time (issue 23); a prepared
 * read only fills its placeholders. Every parameter of the built query must be a placeholder: a value
 * written in as a plain parameter would be kept from the first request and reused for every later one, so
 * such a query is refused here rather than answering one buyer with another's filter.
 */
export function preparedRead<P>(db: Db, family: string, binds: Binds, build: () => Preparable<P>): P {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedByDb.set(db, prepared);
  }
  const key = `${family}|${binds.shape}`;
  const found = prepared.get(key) as P | undefined;
  if (found) return found;
  const query = build();
  const { sql: text, params } = query.toSQL();
  const fixed = params.findIndex((p) => !is(p, Placeholder));
  if (fixed >= 0) throw new Error(`${family}: parameter $${fixed + 1} is not a placeholder`);
  // Past the limit the read is unnamed too: PostgreSQL keeps a named statement for the connection's life.
  const keep = prepared.size < PREPARED_SHAPES_MAX;
  const made = query.prepare(keep ? statementName(text) : '');
  if (mapFlatRows(made)) executeDirectly(made);
  if (keep) prepared.set(key, made);
  return made;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * Rows of a flat selection (no nested objects) mapped by a loop over decoders found once, instead of
 * drizzle's general mapper, which looks up each field's kind and path again for every value: a tenth of an
 * uncached page's time (issue 23). The values are decoded by the same columns' own decoders, so the rows are
 * the same objects drizzle would make. Uses the prepared query's fields and result-mapper slot (drizzle
 * 0.45, pinned); anything else keeps drizzle's mapping. prepared-reads.test.ts compares both.
 */
/**
 * JSON columns as the driver gave them: node-postgres and PGlite both parse json and jsonb already, and
 * drizzle's decoder parses a string value again, so a stored JSON string ("30 days") threw and was caught
 * for every row that held one (a thirtieth of an uncached page at 100,000 sites), and "14" became 14.
 */
const AS_PARSED = { mapFromDriverValue: (value: unknown) => value };

function mapFlatRows(made: unknown): boolean {
  const query = made as { fields?: SelectedField[]; customResultMapper?: unknown };
  const { fields } = query;
  if (!fields || !('customResultMapper' in query) || query.customResultMapper !== undefined) return false;
  if (!fields.every((f) => f.path.length === 1)) return false;
  type Decoder = { mapFromDriverValue(value: unknown): unknown };
  // An SQL expression's decoder (mapWith) is internal in drizzle's types, not at run time.
  const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;
  const decoders: Decoder[] = [];
  for (const { field } of fields) {
    if (is(field, PgJsonb) || is(field, PgJson)) decoders.push(AS_PARSED);
    else if (is(field, Column)) decoders.push(field);
    else if (is(field, SQL)) decoders.push(decoderOf(field));
    else if (is(field, SQL.Aliased)) decoders.push(decoderOf(field.sql));
    else return false;
  }
  const keys = fields.map((f) => f.path[0]);
  query.customResultMapper = (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        out[keys[i]] = raw === null ? null : decoders[i].mapFromDriverValue(raw);
      }
      return out;
    });
  return true;
}

/** What executeDirectly reads of drizzle's prepared query (drizzle 0.45, pinned; the test checks the slots). */
interface DriverSlots {
  client: { query(...args: unknown[]): Promise<{ rows: unknown[][] }> };
  queryString: string;
  queryConfig: object;
  params: unknown[];
  logger: Logger;
  customResultMapper: (rows: unknown[][]) => unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A prepared read with the flat mapper goes straight to the driver: drizzle's execute wraps each call in
 * three async layers (tracing spans, its query cache, which is off) and fills placeholders by testing each
 * parameter's kind again, about a twentieth of an uncached page's CPU (issue 23). The call the driver gets
 * is the one drizzle makes (same config object, rows as arrays, the same type parsers), a failure is the
 * same DrizzleQueryError, and the logger still sees every statement (the bench captures SQL through it).
 */
function executeDirectly(made: unknown): void {
  const query = made as DriverSlots;
  const kind = (query.constructor as unknown as Record<symbol, string>)[entityKind];
  const { client, queryString, queryConfig, logger, customResultMapper } = query;
  let send: (params: unknown[]) => Promise<{ rows: unknown[][] }>;
  if (kind === 'NodePgPreparedQuery') send = (params) => client.query(queryConfig, params);
  else if (kind === 'PglitePreparedQuery') send = (params) => client.query(queryString, params, queryConfig);
  else return;
  // preparedRead has made sure every parameter is a placeholder.
  const names = query.params.map((p) => (p as Placeholder).name);
  query.execute = async (values: Record<string, unknown> = {}) => {
    const params = names.map((name) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return values[name];
    });
    logger.logQuery(queryString, params);
    let result: { rows: unknown[][] };
    try {
      result = await send(params);
    } catch (err) {
      throw new DrizzleQueryError(queryString, params, err as Error);
    }
    return customResultMapper(result.rows);
  };
}
