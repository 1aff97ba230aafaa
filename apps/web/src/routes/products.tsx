import type { ProductListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PRODUCTS_FIRST_PAGE } from '../features/products/first-page';
import ProductsPage from '../features/products/products-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * /products without a query arrives with its first page of sites (and the first photo) in the HTML. An address
 * with one (filters, the map, a page) is rendered as the list's loading state and fetches its own: the page
 * reads its query once hydrated (lib/use-url-query.ts), so the server never sends the unfiltered sites for it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).search !== '') return null;
  const answer = await apiAnswer<ProductListResponse>(context, request, PRODUCTS_FIRST_PAGE);
  return answer.status === 200 ? answer.body : null;
}

export const clientLoader = () => null;

export const meta = () => pageMeta('Advertising Sites');

export default function ProductsRoute() {
  const firstPage = useLoaderData<typeof loader>() as ProductListResponse | null;
  return <ProductsPage rendered={firstPage ?? undefined} />;
}
