import type { Product } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import ProductPage from '../features/product-detail/product-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * /product/{id} arrives rendered with its site (photo, name, price in the HTML: the photo is the largest
 * paint). The campaign variants draw from this browser's stored campaign and draft, which the server cannot
 * know: they render in the browser. An unknown site renders in the browser too, which then says so.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseId(params.productId);
  if (id === null || !new URL(request.url).pathname.startsWith('/product/')) return null;
  const answer = await apiAnswer<Product>(context, request, `/api/product/${id}`);
  return answer.status === 200 ? answer.body : null;
}

export const clientLoader = () => null;

export function meta({ data: product }: MetaArgs<typeof loader>) {
  return pageMeta(product ? product.name : 'Advertising site');
}

export default function ProductRoute() {
  const product = useLoaderData<typeof loader>() as Product | null;
  return <ProductPage rendered={product ?? undefined} />;
}
