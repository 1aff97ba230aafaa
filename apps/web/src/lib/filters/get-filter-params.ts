import type { FilterDefinition, FilterParamsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../api-query';

/**
 * GET /fetch_filter_params/: what the filter panel offers, from the catalogue. The pages' loaders put it in
 * the HTML (routes/products.tsx, customize.tsx), so the panel hydrates with its choices.
 */
export const filterParamsQuery = () =>
  apiQueryOptions<FilterParamsResponse, FilterDefinition[]>(['filter-params'], {
    path: '/fetch_filter_params/',
    pick: (answer) => answer.filters,
  });

export function useFilterParams() {
  return useQuery({ ...filterParamsQuery(), staleTime: 5 * 60_000 });
}
