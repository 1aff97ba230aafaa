import { createHash } from 'node:crypto';
import { is, Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * How a query builder takes a value: `inline` gives it as it is (a parameter of that one query), a `Binds`
 * gives a named placeholder and keeps the value for `execute`. A repository writes its conditions once, with
 * a Bind, and both a one-off query and a prepared one come from them (docs/decisions/067-standard-read-path.md,
 * which replaces 052's private parts).
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

/** A statement's name on every connection: a digest of its text, so two texts never share one. */
export const statementName = (text: string): string =>
  `r_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;

/** Per database (tests open many), the prepared reads by family and shape. */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/** Shapes kept per database; past it a read is built each time (correct, only slower). */
export const PREPARED_SHAPES_MAX = 256;

/**
 * The read `family` of this shape, built once per database and prepared with drizzle's public
 * `.prepare(name)`: on node-postgres a named statement, which each connection parses and plans once and
 * then only binds and executes (drizzle passes the name to pg's query config); on PGlite a query it keeps
 * built. Building a query (drizzle's objects, then its SQL text) was about a sixth of an uncached catalogue
 * read's time (issue 23); a prepared read only fills its placeholders. Every parameter of the built query
 * must be a placeholder: a value written in as a plain parameter would be kept from the first request and
 * reused for every later one, so such a query is refused here rather than answering one buyer with
 * another's filter. The name is a digest of the text, so one text has one name on every connection.
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
  if (keep) prepared.set(key, made);
  return made;
}
