import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Connection settings for a pool whose reads are named: plan each execution for its own values. After five
 * executions PostgreSQL may switch a named statement to a generic plan, which for reads whose best plan
 * depends on the values (free for dates, a box) was 8-23 % slower in throughput at 100,000 sites
 * (decision 051); parsing is still saved.
 */
export const NAMED_STATEMENT_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/** How many distinct statements a process names; later ones run unnamed (see below). */
export const NAMED_STATEMENTS_MAX = 256;

/** A statement's name on every connection: a digest of its text, so two texts never share one. */
export const statementName = (text: string): string =>
  `r_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;

type QueryConfig = { text: string; name?: string };

const isQueryConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string';

/**
 * Sends the pool's reads as named statements, so each connection parses and plans a statement once and
 * then only binds and executes it (docs/decisions/051-named-statements.md). drizzle builds the same text for
 * the same query shape, with every value a parameter, so a shape is one statement: the product list's page,
 * the booked days of a page, a site. Unnamed, PostgreSQL parsed and planned each of them on every request,
 * the largest part of an uncached read's database time (issue 23: 0.14-0.59x a server sending the same SQL
 * as named statements).
 *
 * Only SELECTs: writes run in transactions on a checked-out client, not through pool.query, and a named
 * statement must not outlive a schema change inside a migration. Bounded: a process names at most
 * NAMED_STATEMENTS_MAX texts (the hot shapes come first), so no stream of odd filter combinations grows
 * every connection's statement cache without end; the rest run as before. The name is a digest of the text,
 * so one text has one name on every connection and two texts never share one.
 */
export function nameRepeatedReads(pool: pg.Pool, max = NAMED_STATEMENTS_MAX): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (config: QueryConfig): QueryConfig => {
    if (config.name !== undefined) return config;
    let name = names.get(config.text);
    if (name === undefined) {
      if (names.size >= max || !/^\s*select\b/i.test(config.text)) return config;
      name = statementName(config.text);
      names.set(config.text, name);
    }
    return { ...config, name };
  };
  (pool as { query: unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(isQueryConfig(config) ? named(config) : config, ...rest);
}
