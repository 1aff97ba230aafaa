/**
 * The statements the product's repositories run for one uncached read, captured by running the products
 * service itself on a drizzle instance that logs every query (text and parameters as sent to the driver).
 * Each read runs twice on one CatalogueCache and the second run is kept: that is what a request costs
 * once the per-process product facts (counts, the search vocabulary) are warm, as in the measured cells.
 * The stripped server (stripped-server.ts) replays them.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { productQueryCheckedSchema } from '@ooh/shared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { getProduct, listProducts } from '../../apps/api/src/modules/products/products.service.ts';
import { CatalogueCache } from '../../apps/api/src/plugins/catalogue-cache.ts';
import type { CapturedStatement } from './stripped-server.ts';

export type CaptureTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** `paths`: product list and detail paths (as the bench sends them). Returns the statements per path. */
export async function captureStatements(
  target: CaptureTarget,
  paths: string[],
): Promise<Map<string, CapturedStatement[]>> {
  let log: CapturedStatement[] = [];
  const logger = {
    logQuery: (text: string, params: unknown[]) => {
      log.push({ text, params: JSON.parse(JSON.stringify(params)) as unknown[] });
    },
  };
  let db: Db;
  let close: () => Promise<void>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    close = () => pool.end();
  } else {
    const client = await PGlite.create(target.dataDir, { extensions: { btree_gist, pg_trgm } });
    db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    close = () => client.close();
  }
  const cache = new CatalogueCache(true);
  const out = new Map<string, CapturedStatement[]>();
  try {
    for (const path of paths) {
      const url = new URL(path, 'http://bench');
      const detail = url.pathname.match(/^\/api\/product\/(\d+)$/);
      const run = detail
        ? () => getProduct(db, systemClock, Number(detail[1]))
        : () =>
            listProducts(
              db,
              systemClock,
              cache,
              productQueryCheckedSchema.parse(Object.fromEntries(url.searchParams)),
            );
      log = [];
      await run();
      const second: CapturedStatement[] = [];
      log = second;
      await run();
      out.set(path, second);
    }
  } finally {
    await close();
  }
  return out;
}
