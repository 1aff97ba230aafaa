/**
 * The stripped ceiling of the uncached reads (issue 23, decision 031): plain node:http and one database
 * client, no framework, validation, hooks or logging. Each route replays the statements the product's
 * repositories ran for that read (captured by capture-sql.ts: same text, same parameters, in order) as
 * named prepared statements, and answers the rows straight through JSON.stringify. Run as a child process:
 * `node --import tsx scripts/bench/stripped-server.ts <manifest.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { POOL_OPTIONS } from '../../apps/api/src/db/client.ts';

export interface CapturedStatement {
  text: string;
  params: unknown[];
}

export interface StrippedManifest {
  /** postgres: `url` and a pool of `poolSize` (the product's DATABASE_POOL_SIZE); pglite: its data directory. */
  kind: 'postgres' | 'pglite';
  url?: string;
  dataDir?: string;
  poolSize: number;
  reads: Array<{ route: string; statements: CapturedStatement[] }>;
}

type Run = (name: string, s: CapturedStatement) => Promise<unknown[]>;

/**
 * Dates, times and intervals (and their arrays) stay text, and rows come as arrays: what drizzle asks of
 * both drivers, so neither side pays for parsing the other does not.
 */
const TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);

async function connect(m: StrippedManifest): Promise<{ run: Run; close: () => Promise<void> }> {
  if (m.kind === 'postgres') {
    // The product's connection settings (custom plans for its named statements, decision 051).
    const pool = new pg.Pool({ connectionString: m.url, max: m.poolSize, options: POOL_OPTIONS });
    pool.on('error', () => {});
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        TEXT_TYPES.has(oid)
          ? (v: string) => v
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    return {
      run: async (name, s) =>
        (await pool.query({ name, text: s.text, values: s.params, rowMode: 'array', types })).rows,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(m.dataDir, { extensions: { btree_gist, pg_trgm } });
  const parsers = Object.fromEntries([...TEXT_TYPES].map((oid) => [oid, (v: string) => v]));
  return {
    run: async (_name, s) => (await client.query(s.text, s.params, { rowMode: 'array', parsers })).rows,
    close: () => client.close(),
  };
}

async function main(): Promise<void> {
  const [manifestPath, port] = process.argv.slice(2);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as StrippedManifest;
  const db = await connect(manifest);
  const routes = new Map(manifest.reads.map((r, i) => [r.route, { index: i, statements: r.statements }]));
  const server = http.createServer((req, res) => {
    const read = routes.get(req.url ?? '');
    if (!read) {
      res.writeHead(req.url === '/ready' ? 200 : 404).end();
      return;
    }
    (async () => {
      // In order, one after another, as the product's service awaits them.
      const results: unknown[][] = [];
      for (const [j, s] of read.statements.entries()) results.push(await db.run(`r${read.index}s${j}`, s));
      const body = JSON.stringify(results);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(port), '127.0.0.1');
  const stop = () => server.close(() => void db.close().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
