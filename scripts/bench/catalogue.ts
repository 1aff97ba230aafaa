import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { seedCatalogue } from '../../apps/api/src/db/seed/seed.ts';
import { ROOT } from './server.ts';

export const BENCH_TMP = path.join(ROOT, 'bench', 'tmp');
/**
 * The PostgreSQL server the bench creates its databases on: DATABASE_URL's (its maintenance database
 * `postgres`), else the local one. The bench never writes into DATABASE_URL's own database.
 */
export const POSTGRES_SERVER = (
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
).replace(/\/[^/?]*(\?.*)?$/, '');
const ADMIN_URL = `${POSTGRES_SERVER}/postgres`;
/** Fixed, so every run (and every cached tarball) holds the same sites. */
const CATALOGUE_SEED = 4_242;

/**
 * A PGlite data directory at `<dataDir>/pglite` (where the server looks) holding `sites` generated sites.
 * The first run migrates and seeds, then saves a dumpDataDir tarball under bench/tmp; later runs load it.
 */
export async function preparePglite(sites: number, dataDir: string, log: (s: string) => void): Promise<void> {
  mkdirSync(BENCH_TMP, { recursive: true });
  const tarball = path.join(BENCH_TMP, `pglite-${sites}.tar.gz`);
  const target = path.join(dataDir, 'pglite');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  if (!existsSync(tarball)) {
    log(`generating a PGlite catalogue of ${sites} sites (cached in ${path.relative(ROOT, tarball)})`);
    const started = Date.now();
    // What an interrupted earlier run left half-built is thrown away.
    rmSync(path.join(BENCH_TMP, `build-${sites}`), { recursive: true, force: true });
    const database = await openDatabase({ dataDir: path.join(BENCH_TMP, `build-${sites}`) });
    try {
      await runMigrations(database);
      await seedCatalogue(database.db, { sites, seed: CATALOGUE_SEED });
      const client = (database as unknown as { pglite: PGlite }).pglite;
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
      rmSync(path.join(BENCH_TMP, `build-${sites}`), { recursive: true, force: true });
    }
    log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Opening with loadDataDir writes the files into the directory; the server then reopens it.
  const blob = new Blob([readFileSync(tarball)]);
  const loaded = await openDatabase({ dataDir: target, loadDataDir: blob });
  await loaded.close();
}

export interface PostgresCatalogue {
  url: string;
  drop(): Promise<void>;
}

/**
 * A freshly loaded database is vacuumed (visibility map, hint bits) and checkpointed before any cell: else
 * autovacuum's pass over 100,000 new rows and the checkpointer's writes land in whichever cells run first,
 * for the product and its ceiling alike but not evenly. CHECKPOINT needs a privileged role: skipped without.
 */
async function settleDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT').catch(() => {});
  } finally {
    await client.end();
  }
}

/** A fresh database on the local PostgreSQL, migrated and seeded; drop() removes it. */
export async function preparePostgres(sites: number, log: (s: string) => void): Promise<PostgresCatalogue> {
  const name = `ooh_bench_${process.pid}_${sites}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = `${POSTGRES_SERVER}/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    log(`seeding PostgreSQL database ${name} with ${sites} sites`);
    const started = Date.now();
    const database = await openDatabase({ url });
    try {
      await runMigrations(database);
      await seedCatalogue(database.db, { sites, seed: CATALOGUE_SEED });
    } finally {
      await database.close();
    }
    await settleDatabase(url);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    await drop();
    throw err;
  }
  return { url, drop };
}
