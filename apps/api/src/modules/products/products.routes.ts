import {
  errorResponseSchema,
  idParamSchema,
  productClustersQueryCheckedSchema,
  productClustersResponseSchema,
  productIdsQueryCheckedSchema,
  productIdsResponseSchema,
  productListResponseSchema,
  productQueryCheckedSchema,
  productSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { plainJsonSerializer } from '../../lib/plain-json-response.ts';
import { EXPENSIVE_READS } from '../fair-use/fair-use.plugin.ts';
import { listClusters } from './product-clusters.service.ts';
import { warmGridOnChange } from './product-grid.service.ts';
import { getProduct, listProductIds, listProducts } from './products.service.ts';

/** A bad query; too many expensive reads from one address (429); the catalogue busy or too slow (503). */
const REFUSALS = { 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema };

export async function productsRoutes(app: AppInstance): Promise<void> {
  // The map's in-memory grid is rebuilt after a catalogue change, not by the next map call (decision 050).
  const stopWarming = warmGridOnChange(app.deps.database.db, app.catalogueCache, (err) =>
    app.log.warn({ err }, 'the clusters grid could not be rebuilt; the next map call loads it'),
  );
  app.addHook('onClose', async () => stopWarming());
  const listSchema = {
    tags: ['catalogue'],
    summary: 'Products, filtered and paged',
    description:
      'Filters as offered by /fetch_filter_params/: category (names or ids), state, district, lighting as ' +
      'comma-separated values; price (daily, rupees), impression (a day) and cpm (a day: daily price / daily ' +
      'impressions x 1,000, rupees) as min,max, a cpm or impression filter never keeping a site without an ' +
      'audience figure; ordering=cpm|-cpm|impressions|-impressions (sites without a figure last, then id; ' +
      'not with near); search on name, address, ' +
      'city, district and site code; ids as comma-separated numeric ids. Search by area: bbox=minLng,minLat,' +
      'maxLng,maxLat, or near=lat,lng with radius_km (at most 500), which orders by distance and adds ' +
      'distance_km to each result. Ordered by id otherwise (a search widened by a typo lists exact matches first). ' +
      'Search: every word must appear in the name, address, city, district, state, site code or format; old ' +
      'and new city names are one (Bangalore finds Bengaluru); words of 5 letters or more tolerate one typo. ' +
      'Free for my dates: available_from and available_to (exclusive, YYYY-MM-DD) keep only the sites no ' +
      'booking, live hold or block touches in [available_from, available_to) and whose minimum booking ' +
      '(booking_duration) is no longer than the range, so each can be booked for exactly it; each result gets ' +
      'free_from and free_to. flexible=true also keeps sites free for a range of their own length (the asked ' +
      "length, or the site's minimum booking when longer) starting up to 7 days earlier or later (never before " +
      'the earliest start), with the nearest such range as free_from/free_to.',
    querystring: productQueryCheckedSchema,
    response: { 200: productListResponseSchema, ...REFUSALS },
  };
  // The answers are built field by field (toProduct) and written by JSON.stringify (decision 064).
  const list = {
    schema: listSchema,
    config: { catalogueCache: true, ...EXPENSIVE_READS },
    serializerCompiler: plainJsonSerializer,
  };
  // Misses of the catalogue cache read through app.catalogueReads (statement timeout; PGlite's queue).
  const reads = app.catalogueReads;
  app.get('/product/', list, async (request) =>
    reads.run((db) => listProducts(db, app.deps.clock, app.catalogueCache, request.query)),
  );
  // The product spec's client calls /product/; the bare path answers the same rather than a 404.
  app.get('/product', { ...list, schema: { ...listSchema, hide: true } }, async (request) =>
    reads.run((db) => listProducts(db, app.deps.clock, app.catalogueCache, request.query)),
  );

  app.get(
    '/product/ids',
    {
      config: { catalogueCache: true, ...EXPENSIVE_READS },
      schema: {
        tags: ['catalogue'],
        summary: 'The ids of every product matching the filters and search, across all pages',
        description:
          'The same filters as GET /product/, without paging; for "Select all products". `count` is how many ' +
          'match; `ids` lists them in id order (all of them up to 1,000).',
        querystring: productIdsQueryCheckedSchema,
        response: { 200: productIdsResponseSchema, ...REFUSALS },
      },
    },
    async (request) =>
      reads.run((db) => listProductIds(db, app.deps.clock, app.catalogueCache, request.query)),
  );

  app.get(
    '/product/clusters',
    {
      config: { catalogueCache: true, ...EXPENSIVE_READS },
      schema: {
        tags: ['catalogue'],
        summary: 'Every matching site in a view box, as clusters and single sites for a map',
        description:
          'The filters of GET /product/ (search, category, state, ..., without paging), bbox=minLng,minLat,' +
          "maxLng,maxLat (the whole world without it) and zoom (0-22, the map's level). Sites are counted per " +
          'cell of a grid about 64 screen pixels wide at that zoom: cells of two or more sites come back as ' +
          "clusters (mean position, count), a site alone in its cell in `sites`. The clusters' counts plus " +
          'the single sites equal `count`, every matching site with a position in the box. With ' +
          'available_from/available_to (to exclusive) every site is still counted, split into free (every ' +
          "day, and the range at least the site's minimum booking: as the list), partly (some days, or free " +
          'but shorter than its minimum) and booked on those dates; each single site carries its availability.',
        querystring: productClustersQueryCheckedSchema,
        response: { 200: productClustersResponseSchema, ...REFUSALS },
      },
    },
    async (request) => reads.run((db) => listClusters(db, app.deps.clock, app.catalogueCache, request.query)),
  );

  app.get(
    '/product/:id',
    {
      config: { catalogueCache: true },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: idParamSchema,
        response: { 200: productSchema, 404: errorResponseSchema, ...REFUSALS },
      },
    },
    async (request) => reads.run((db) => getProduct(db, app.deps.clock, request.params.id)),
  );
}
