import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import ProductsPage, { productListQueryOf } from '../features/products/products-page';
import { filterParamsQuery } from '../lib/filters/get-filter-params';
import { type LoaderQueries, loadPublicQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';
import { productPageQuery } from '../lib/products/list-products';

/**
 * Every address of /products, whatever its query (`?search=Mumbai&state=Maharashtra&page=2`, a GET of the
 * filter form sent before the app started or with scripts off), arrives rendered with its results and the
 * filter panel's choices (DESIGN 2, "Usable before hydration"): the page's two queries, in the loader's
 * dehydrated cache (lib/loader-queries.ts), under the keys the page's hooks read.
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  const query = productListQueryOf(new URL(args.request.url).searchParams);
  return loadPublicQueries(args, [productPageQuery(query), filterParamsQuery()]);
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
  return <ProductsPage />;
}
