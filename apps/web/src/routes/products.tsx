import type { FilterDefinition, FilterParamsResponse, ProductListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PRODUCTS_FIRST_PAGE } from '../features/products/first-page';
import ProductsPage from '../features/products/products-page';
import { FILTER_PARAMS_URL } from '../lib/filters/get-filter-params';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

export interface ProductsLoaderData {
  firstPage: ProductListResponse | null;
  filters: FilterDefinition[] | null;
}

/**
 * /products arrives with its filter panel's choices and, without a query, its first page of sites (and the first
 * photo) in the HTML. An address with one (filters, the map, a page) is rendered with that query, as the list's
 * loading state, and the browser fetches its list once hydrated: the server never sends the unfiltered sites
 * for it. Neither the filters nor the first page is asked again, and the page is not rendered again, after
 * hydration: the blocking time Lighthouse measures (docs/decisions/060-india-formats-without-intl.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ProductsLoaderData> {
  const unfiltered = new URL(request.url).search === '';
  const [page, filters] = await Promise.all([
    unfiltered ? apiAnswer<ProductListResponse>(context, request, PRODUCTS_FIRST_PAGE) : null,
    apiAnswer<FilterParamsResponse>(context, request, FILTER_PARAMS_URL),
  ]);
  return {
    firstPage: page?.status === 200 ? page.body : null,
    filters: filters.status === 200 ? filters.body.filters : null,
  };
}

export const clientLoader = () => null;

export const meta = () => pageMeta('Advertising Sites');

export default function ProductsRoute() {
  const data = useLoaderData<typeof loader>() as ProductsLoaderData | null;
  return <ProductsPage rendered={data?.firstPage ?? undefined} filters={data?.filters ?? undefined} />;
}
