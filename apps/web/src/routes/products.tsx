import type { FilterDefinition, FilterParamsResponse, ProductListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
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

export const meta: MetaFunction = (args) =>
  pageMeta(listTitleOf(new URLSearchParams(args.location.search)), args, {
    description:
      'Advertising sites across India with photos, sizes, daily prices and free dates: search by city, filter by format, and book online.',
    // A filtered list (a city's search, a page of it) is a page of its own: its canonical keeps the query.
    keepQuery: true,
  });

/** "Advertising Sites in Mumbai" for a searched list, so a shared or bookmarked search names itself. */
function listTitleOf(params: URLSearchParams): string {
  const search = params.get('search')?.trim();
  const page = Number(params.get('page') ?? '1');
  const base = search ? `Advertising Sites: ${search.slice(0, 60)}` : 'Advertising Sites';
  return Number.isInteger(page) && page > 1 ? `${base} (page ${page})` : base;
}

export default function ProductsRoute() {
  const data = useLoaderData<typeof loader>() as ProductsLoaderData | null;
  return <ProductsPage rendered={data?.list ?? undefined} filters={data?.filters ?? undefined} />;
}
