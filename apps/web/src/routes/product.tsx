import type { Product } from '@ooh/shared';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import ProductPage from '../features/product-detail/product-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * /product/{id} arrives rendered with its site (photo, name, price in the HTML: the photo is the largest
 * paint). The campaign variants draw from this browser's stored campaign and draft, which the server cannot
 * know: they render in the browser. An unknown, draft or unlisted site (the API's 400 or 404) is rendered as
 * its not-found page with status 404, so search engines drop the address and the person gets the ways on.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  if (!new URL(request.url).pathname.startsWith('/product/')) return null;
  const id = parseId(params.productId);
  const answer = id === null ? null : await apiAnswer<Product>(context, request, `/api/product/${id}`);
  if (answer?.status === 200) return answer.body;
  if (answer === null || answer.status === 400 || answer.status === 404) {
    return data({ missing: true as const }, { status: 404 });
  }
  return null;
}

export const clientLoader = () => null;

export function meta({ data: loaded }: MetaArgs<typeof loader>) {
  if (loaded && 'missing' in loaded) return pageMeta('Site not found');
  return pageMeta(loaded ? loaded.name : 'Advertising site');
}

export default function ProductRoute() {
  const loaded = useLoaderData<typeof loader>() as Product | { missing: true } | null;
  if (loaded && 'missing' in loaded) return <ProductPage missing />;
  return <ProductPage rendered={loaded ?? undefined} />;
}
