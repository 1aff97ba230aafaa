/**
 * npm run seed [-- --sites N] [--reset]   (started by scripts/seed.ts)
 *
 * Loads the demo catalogue into the database the app would use: DATABASE_URL (PostgreSQL) or the PGlite
 * directory under DATA_DIR (default ./data/pglite). Migrates first. An empty catalogue gets the demo (360
 * sites, or N with --sites) with its standard campaigns; a catalogue that has sites gets N more appended
 * (for benchmarks). --reset empties the catalogue tables first. Stop the app before seeding a PGlite
 * directory: PGlite allows one process at a time.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { products } from '../schema.ts';
import { DEMO_SITES, resetCatalogue, seedCatalogue, seedDemo } from './seed.ts';

const USAGE = 'Usage: npm run seed -- [--sites N] [--reset]';

function parseSites(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    throw new Error(`--sites must be a whole number from 1 to 1000000 (got "${value}"). ${USAGE}`);
  }
  return n;
}

/** Runs the seed command with its arguments; resolves to the process exit code. */
export async function runSeedCli(args: string[]): Promise<number> {
  try {
    await seedCommand(args);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
}

async function seedCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      sites: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const sites = parseSites(values.sites);
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
  const where = url ? `PostgreSQL (${new URL(url).host}${new URL(url).pathname})` : `PGlite at ${dataDir}`;

  const started = Date.now();
  const database = await openDatabase(url ? { url } : { dataDir });
  try {
    await runMigrations(database);
    const { db } = database;
    if (values.reset) {
      await resetCatalogue(db);
      console.log(`Emptied the catalogue (products, categories, campaigns, bookings) in ${where}.`);
    }
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
    const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
    if (count === 0) {
      const result = await seedDemo(db, { sites: sites ?? DEMO_SITES });
      console.log(
        `Seeded ${result.products} sites, ${result.bookings} owner blocks and ${result.campaigns} standard campaigns into ${where} in ${seconds()} s.`,
      );
    } else if (sites) {
      const result = await seedCatalogue(db, { sites });
      console.log(
        `Appended ${result.products} sites and ${result.bookings} owner blocks to the ${count} already in ${where} in ${seconds()} s.`,
      );
    } else {
      console.log(
        `${where} already holds ${count} sites: nothing to do (use --reset to start over, --sites N to add).`,
      );
    }
  } finally {
    await database.close();
  }
}
