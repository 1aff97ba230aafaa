import type { ProductClustersResponse } from '@ooh/shared';
import { expect } from 'vitest';
import { insertCategories, insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';

/** GET /api/product/clusters from the database (the dev key bypasses the response cache); a 200 expected. */
export async function fetchClusters(ctx: TestContext, query: string): Promise<ProductClustersResponse> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/product/clusters?${query}`,
    headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductClustersResponse;
}

/** The catalogue of the product route tests. The clock says 2026-11-22 12:00 IST. */
export async function seedCatalogue(ctx: TestContext) {
  const db = ctx.database.db;
  const cat = await insertCategories(db);
  const marine = await insertProduct(db, {
    name: 'Marine Drive Lamp Post',
    address: 'Marine Drive',
    categoryId: cat['Lamp Post'],
    lighting: 'Lighting',
    state: 'Maharashtra',
    district: 'Mumbai',
    city: 'Mumbai',
    pricePaise: 150_000,
    impression: 25_000,
  });
  const pune = await insertProduct(db, {
    name: 'FC Road Hoarding',
    address: 'FC Road',
    categoryId: cat.Hoarding,
    lighting: 'Non-Lighting',
    state: 'Maharashtra',
    district: 'Pune',
    city: 'Pune',
    pricePaise: 500_000,
    impression: 80_000,
  });
  const goa = await insertProduct(db, {
    productCode: 'GA-BR-001',
    name: 'Mandovi Bridge Panel',
    address: 'Mandovi Bridge',
    categoryId: cat.Bridge,
    lighting: 'Lighting',
    state: 'Goa',
    district: 'North Goa',
    city: 'Panaji',
    pricePaise: 1_200_000,
    impression: 150_000,
  });
  const digital = await insertProduct(db, {
    name: 'MG Road 100% Digital Screen',
    address: 'Brigade_Road junction',
    categoryId: cat['Digital Billboard'],
    lighting: 'Lighting',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    city: 'Bengaluru',
    pricePaise: 2_500_050,
    impression: null,
  });
  const bandra = await insertProduct(db, {
    name: 'Bandra Lamp Post',
    address: 'Hill Road',
    categoryId: cat['Lamp Post'],
    lighting: 'Non-Lighting',
    state: 'Maharashtra',
    district: 'Mumbai',
    city: 'Mumbai',
    pricePaise: 80_000,
    impression: 12_000,
  });
  const kerala: number[] = [];
  for (let i = 0; i < 30; i++) {
    const row = await insertProduct(db, {
      name: `Kochi Bus Shelter ${i}`,
      address: 'Marine Drive, Kochi',
      categoryId: cat.Transit,
      lighting: null,
      state: 'Kerala',
      district: 'Ernakulam',
      city: 'Kochi',
      pricePaise: 30_000,
      impression: 1_000,
    });
    kerala.push(row.id);
  }
  return { cat, marine, pune, goa, digital, bandra, kerala };
}
