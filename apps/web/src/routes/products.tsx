import type { FilterDefinition, FilterParamsResponse, ProductListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { productListPath } from '../features/products/first-page';
import ProductsPage, { productListQueryOf } from '../features/products/products-page';
import { FILTER_PARAMS_URL } from '../lib/filters/get-filter-params';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

export interface ProductsLoaderData {
  /** The page of sites the address asks for, and the API address it was read from. */
  list: { path: string; body: ProductListResponse } | null;
  filters: FilterDefinition[] | null;
}

/**
 * Every address of /products, whatever its query (`?search=Mumbai&state=Maharashtra&page=2`, a GET of the
 * filter form sent before the app started or with scripts off), arrives rendered with its results and the
 * filter panel's choices (DESIGN 2, "Usable before hydration").
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ProductsLoaderData> {
  const path = productListPath(productListQueryOf(new URL(request.url).searchParams));
  const [page, filters] = await Promise.all([
    apiAnswer<ProductListResponse>(context, request, path),
    apiAnswer<FilterParamsResponse>(context, request, FILTER_PARAMS_URL),
  ]);
  return {
    list: page.status === 200 ? { path, body: page.body } : null,
    filters: filters.status === 200 ? filters.body.filters : null,
  };
}

export const clientLoader = () => null;

export const meta = () => pageMeta('Advertising Sites');

export default function ProductsRoute() {
  const data = useLoaderData<typeof loader>() as ProductsLoaderData | null;
  return <ProductsPage rendered={data?.list ?? undefined} filters={data?.filters ?? undefined} />;
}
