import {
  errorResponseSchema,
  idParamSchema,
  productIdsQueryCheckedSchema,
  productIdsResponseSchema,
  productListResponseSchema,
  productQueryCheckedSchema,
  productSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app.ts';
import { getProduct, listProductIds, listProducts } from './products.service.ts';

export async function productsRoutes(app: AppInstance): Promise<void> {
  const listSchema = {
    tags: ['catalogue'],
    summary: 'Products, filtered and paged',
    description:
      'Filters as offered by /fetch_filter_params/: category (names or ids), state, district, lighting as ' +
      'comma-separated values; price (daily, rupees) and impression as min,max; search on name, address, ' +
      'city, district and site code; ids as comma-separated numeric ids. Search by area: bbox=minLng,minLat,' +
      'maxLng,maxLat, or near=lat,lng with radius_km (at most 500), which orders by distance and adds ' +
      'distance_km to each result. Ordered by id otherwise.',
    querystring: productQueryCheckedSchema,
    response: { 200: productListResponseSchema, 400: errorResponseSchema },
  };
  const list = { schema: listSchema, config: { catalogueCache: true } };
  app.get('/product/', list, async (request) =>
    listProducts(app.deps.database.db, app.deps.clock, app.catalogueCache, request.query),
  );
  // The SPEC's client calls /product/; the bare path answers the same rather than a 404.
  app.get('/product', { ...list, schema: { ...listSchema, hide: true } }, async (request) =>
    listProducts(app.deps.database.db, app.deps.clock, app.catalogueCache, request.query),
  );

  app.get(
    '/product/ids',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'The ids of every product matching the filters and search, across all pages',
        description:
          'The same filters as GET /product/, without paging; for "Select all products". `count` is how many ' +
          'match; `ids` lists them in id order (all of them up to 1,000).',
        querystring: productIdsQueryCheckedSchema,
        response: { 200: productIdsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listProductIds(app.deps.database.db, app.catalogueCache, request.query),
  );

  app.get(
    '/product/:id',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: idParamSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getProduct(app.deps.database.db, app.deps.clock, request.params.id),
  );
}
