import { type FilterDefinition, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { findCategoriesInUse, findFacets } from './filters.repository.ts';

const sorted = (values: string[]) => [...values].sort((a, b) => a.localeCompare(b, 'en'));

/**
 * GET /fetch_filter_params/: what the filter panel offers, computed from the catalogue. Each `name` is the
 * query key GET /product/ understands. Range bounds are whole numbers (the slider steps by 1) that
 * enclose every product; an empty catalogue gives 0..0.
 */
export async function filterParams(db: Db): Promise<FilterDefinition[]> {
  const [facets, categoryValues] = await Promise.all([findFacets(db), findCategoriesInUse(db)]);
  const range = (
    display_name: string,
    name: string,
    min: number | null,
    max: number | null,
  ): FilterDefinition => ({
    display_name,
    name,
    type: 'range',
    value_type: 'static',
    values: [],
    min: min === null ? 0 : Math.floor(min),
    max: max === null ? 0 : Math.ceil(max),
  });
  const list = (display_name: string, name: string, values: string[]): FilterDefinition => ({
    display_name,
    name,
    type: 'category',
    value_type: 'static',
    values: sorted(values),
  });
  return [
    {
      display_name: 'Category',
      name: 'category',
      type: 'category',
      value_type: 'dynamic',
      values: categoryValues,
    },
    list('State', 'state', facets.states),
    list('District', 'district', facets.districts),
    list('Lighting', 'lighting', facets.lightings),
    range(
      'Price',
      'price',
      facets.minPricePaise === null ? null : toRupees(facets.minPricePaise),
      facets.maxPricePaise === null ? null : toRupees(facets.maxPricePaise),
    ),
    range('Impression', 'impression', facets.minImpression, facets.maxImpression),
  ];
}
