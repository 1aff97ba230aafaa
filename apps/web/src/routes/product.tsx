import type { Product } from '@ooh/shared';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import { productQuery } from '../features/product-detail/api/get-product';
import { productAvailabilityQuery } from '../features/product-detail/api/get-product-availability';
import { productPackagesQuery } from '../features/product-detail/api/get-product-packages';
import { productDescription, productJsonLd, productPath } from '../features/product-detail/product-head';
import ProductPage from '../features/product-detail/product-page';
import { loadCampaign } from '../lib/campaigns/load-campaign';
import { holdAction } from '../lib/holds/hold-action';
import { ensureAnswers, type LoaderQueries, loadedQueryData } from '../lib/loader-queries';
import { originOf, pageMeta } from '../lib/page-meta';

type Missing = { missing: 'site' | 'campaign' };

/** The holds' buttons sent before the scripts ran, or with them off (lib/holds/hold-action.ts). */
export const action = holdAction;

/**
 * /product/{id} arrives rendered with its site (photo, name, price in the HTML: the photo is the largest
 * paint), its 12-month calendar and the packages holding it (issue 48), its description, canonical link, Open Graph tags and
 * Product/Offer JSON-LD in the head: the queries the page reads, in the loader's dehydrated cache
 * (lib/loader-queries.ts). The campaign variant loads its standard campaign too; a customized plan's is this
 * browser's. An unknown, draft or unlisted site (the API's 400 or 404) is rendered as its not-found page
 * with status 404, so search engines drop the address and the person gets the ways on.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { params, request, context } = args;
  const id = parseId(params.productId);
  const client = new QueryClient();
  const [statuses, campaign] = await Promise.all([
    id === null
      ? null
      : ensureAnswers(args, client, [
          productQuery(id),
          productAvailabilityQuery(id),
          productPackagesQuery(id),
        ]),
    params.campaignId === undefined
      ? null
      : loadCampaign(context, request, parseId(params.campaignId), client),
  ]);
  if (campaign === 'missing') return data<Missing>({ missing: 'campaign' }, { status: 404 });
  const status = statuses?.[0];
  if (status === undefined || status === 400 || status === 404) {
    return data<Missing>({ missing: 'site' }, { status: 404 });
  }
  return { dehydratedState: dehydrate(client) } satisfies LoaderQueries;
}

export function meta({ data: loaded, location, matches, params }: MetaArgs<typeof loader>) {
  const place = { location, matches };
  if (loaded && 'missing' in loaded) {
    const what = loaded.missing === 'campaign' ? 'Campaign not found' : 'Site not found';
    return pageMeta(what, place, { noindex: true });
  }
  const id = parseId(params.productId);
  // The campaign and customized-plan variants show the same site: one canonical address, the site's own.
  const canonicalPath = id === null ? undefined : productPath(id);
  const product = id === null ? undefined : loadedQueryData<Product>(loaded, productQuery(id).queryKey);
  if (!product) return pageMeta('Advertising site', place, { canonicalPath });
  return pageMeta(product.name, place, {
    description: productDescription(product),
    image: product.images[0],
    canonicalPath,
    type: 'product',
    jsonLd: productJsonLd(product, originOf(place)),
  });
}

export default function ProductRoute() {
  const loaded = useLoaderData<typeof loader>() as Missing | LoaderQueries | null;
  // A campaign that is not there: the page finds it so itself (its campaign's load) and says so.
  if (loaded && 'missing' in loaded) return <ProductPage missing={loaded.missing === 'site'} />;
  return <ProductPage />;
}
