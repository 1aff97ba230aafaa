/**
 * Media plan exports (issue 13: a 100-site plan exports in under 10 s): a standard campaign of 100 sites,
 * each with its own drawn photo (six kinds across the seed's cities, distinct variants, so nothing is
 * cached on the first run), through GET /api/plans/{id}.pptx|.xlsx|.pdf on PGlite, in process (app.inject,
 * the real route). The first run of each format is cold (photos rasterised); the next runs are warm.
 * Alone: `npm run bench:plans`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { campaignProducts, campaigns, categories, products } from '../../apps/api/src/db/schema.ts';
import { CITIES } from '../../apps/api/src/db/seed/cities.ts';
import { KIND_SLUGS, siteImageUrl } from '../../apps/api/src/modules/media/site-image-url.ts';
import { median } from './table.ts';

const SITES = 100;
const FORMATS = ['pptx', 'xlsx', 'pdf'] as const;

export interface PlanBenchRow {
  format: string;
  coldMs: number;
  warmMs: number[];
  bytes: number;
}

export async function measurePlans(warmRuns: number, log: (line: string) => void): Promise<PlanBenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-bench-plans-'));
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    const db = database.db;
    const [category] = await db.insert(categories).values({ name: 'Hoarding', slug: 'hoarding' }).returning();
    const sites = await db
      .insert(products)
      .values(
        Array.from({ length: SITES }, (_, i) => {
          const city = CITIES[i % CITIES.length];
          const place = city.localities[i % city.localities.length];
          const kind = KIND_SLUGS[i % KIND_SLUGS.length];
          return {
            productCode: `BENCH-${String(i).padStart(4, '0')}`,
            name: `${place.name} ${kind.replace('-', ' ')} ${i + 1}`,
            pricePaise: 150_000 + i * 1_000,
            address: `${place.roads[0] ?? 'Main Road'}, ${place.name}`,
            images: [siteImageUrl(kind, city.slug, i * 7 + 1)],
            bookingDuration: 7,
            minDays: 7,
            categoryId: category.id,
            lighting: i % 2 ? 'Lit' : 'Non-lit',
            state: city.state,
            district: city.district,
            city: city.name,
            pinCode: place.pin,
            impression: 20_000 + i * 100,
            latitude: place.lat,
            longitude: place.lon,
            widthFt: 20,
            heightFt: 10,
          };
        }),
      )
      .returning({ id: products.id });
    const [campaign] = await db
      .insert(campaigns)
      .values({ type: 'standard', name: 'Bench 100 sites' })
      .returning();
    await db.insert(campaignProducts).values(
      sites.map((s, i) => ({
        campaignId: campaign.id,
        productId: s.id,
        fromDate: '2027-01-01',
        toDate: `2027-01-${String(8 + (i % 20)).padStart(2, '0')}`,
      })),
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'silent',
      SEED: 'none',
    });
    const app = await buildApp({ database, config });
    await app.ready();
    try {
      const timed = async (format: string) => {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/plans/${campaign.id}.${format}` });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return { ms, bytes: res.rawPayload.length };
      };
      const rows: PlanBenchRow[] = [];
      for (const format of FORMATS) {
        const cold = await timed(format);
        log(`${format} cold: ${cold.ms.toFixed(0)} ms, ${(cold.bytes / 1024).toFixed(0)} KB`);
        const row: PlanBenchRow = { format, coldMs: cold.ms, warmMs: [], bytes: cold.bytes };
        for (let run = 0; run < warmRuns; run += 1) row.warmMs.push((await timed(format)).ms);
        rows.push(row);
      }
      return rows;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function planNotes(rows: PlanBenchRow[]): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    `| format | first (cold) | warm median | size |`,
    `|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.format} | ${s(r.coldMs)} | ${s(median(r.warmMs))} | ${(r.bytes / 1024 / 1024).toFixed(2)} MB |`,
    ),
  ];
  const worst = Math.max(...rows.map((r) => r.coldMs));
  lines.push(
    '',
    `${SITES} sites, PGlite in process, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs.`,
    `target plans: a 100-site plan exports in under 10 s: slowest ${s(worst)} - ${worst < 10_000 ? 'met' : 'MISSED'}`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measurePlans(3, (line) => console.error(`[bench] ${line}`));
  console.log(planNotes(rows).join('\n'));
}
