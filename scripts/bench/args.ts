import { parseArgs } from 'node:util';

export type DbKind = 'pglite' | 'postgres';

export interface BenchOptions {
  sizes: number[];
  dbs: DbKind[];
  connections: number[];
  durationSeconds: number;
  /** First of the ports used: API on it, nginx on it + 1, bare Fastify + 2, stripped + 3, nginx proxy_cache + 4 (range 3600-3699). */
  port: number;
  nginx: boolean;
  /** The bare-Fastify and stripped node:http + database ceilings (ports + 2 and + 3), on unless --no-ceilings. */
  ceilings: boolean;
  /** Lighthouse and first-load JavaScript of the built SPA (scripts/bench/lighthouse.ts). */
  web: boolean;
  /** The CSV import of 5,000 sites on PGlite (scripts/bench/site-import.ts). */
  import: boolean;
  /**
   * Goal cells measured as this many back-to-back pairs (product, then its ceiling); the pair with the
   * median ratio is reported, with every pair's ratio beside it.
   */
  rounds: number;
  /** Only the scenarios whose name contains one of these `|`-separated parts (e.g. "bbox|near"); the flow is "book". */
  only?: string;
}

export const USAGE = `npm run bench -- [--sizes 1000,10000,100000] [--db pglite,postgres] [--connections 16,64]
                 [--duration 5] [--rounds 3] [--port 3600] [--no-nginx] [--no-ceilings] [--no-web] [--no-import] [--quick]
                 [--only <name part>]
--db defaults to pglite, or postgres when DATABASE_URL is set (its server gets a fresh database per size).
--quick is --sizes 1000 --duration 2 --rounds 1 (flags given after it still win).
--rounds: each cell with a goal is measured as that many pairs (product, then its ceiling), and the pair
with the median ratio is reported: one 5-second cell moves by 0.1-0.2x between runs on a 2-core machine.`;

const list = (value: string, name: string): number[] => {
  const out = value.split(',').map((v) => Number(v.trim()));
  if (out.length === 0 || out.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`--${name} takes comma-separated positive integers, not "${value}"`);
  }
  return out;
};

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string' },
      db: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      rounds: { type: 'string' },
      port: { type: 'string' },
      'no-nginx': { type: 'boolean', default: false },
      'no-ceilings': { type: 'boolean', default: false },
      'no-web': { type: 'boolean', default: false },
      'no-import': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const dbs = (values.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite'))
    .split(',')
    .map((v) => v.trim());
  for (const db of dbs) {
    if (db !== 'pglite' && db !== 'postgres')
      throw new Error(`--db takes pglite and/or postgres, not "${db}"`);
  }
  const durationSeconds = Number(values.duration ?? (values.quick ? 2 : 5));
  if (!(durationSeconds > 0)) throw new Error('--duration takes seconds > 0');
  const rounds = Number(values.rounds ?? (values.quick ? 1 : 3));
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 9) throw new Error('--rounds takes 1 to 9');
  const port = Number(values.port ?? 3600);
  if (!Number.isInteger(port) || port < 1 || port > 65534) throw new Error('--port takes a port number');
  return {
    sizes: list(values.sizes ?? (values.quick ? '1000' : '1000,10000,100000'), 'sizes'),
    dbs: dbs as DbKind[],
    connections: list(values.connections ?? '16,64', 'connections'),
    durationSeconds,
    rounds,
    port,
    nginx: !values['no-nginx'],
    ceilings: !values['no-ceilings'],
    web: !values['no-web'],
    import: !values['no-import'],
    only: values.only,
  };
}
