import type { Product, ProductAvailability } from '@ooh/shared';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import { productDescription, productJsonLd, productPath } from '../features/product-detail/product-head';
import ProductPage from '../features/product-detail/product-page';
import { loadCampaign } from '../lib/campaigns/load-campaign';
import { originOf, pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * /product/{id} arrives rendered with its site (photo, name, price in the HTML: the photo is the largest
 * paint), its description, canonical link, Open Graph tags and Product/Offer JSON-LD in the head. The
 * campaign variants load the site too (their title and head), and draw the campaign from this browser's
 * stored campaign and draft, which the server cannot know. An unknown, draft or unlisted site (the API's 400
 * or 404) is rendered as its not-found page with status 404, so search engines drop the address and the
 * person gets the ways on.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseId(params.productId);
  const [answer, calendar, campaign] = await Promise.all([
    id === null ? null : apiAnswer<Product>(context, request, `/api/product/${id}`),
    // The 12-month calendar is part of the page as served (issue 48); without it the page still renders.
    id === null
      ? null
      : apiAnswer<ProductAvailability>(context, request, `/api/product/${id}/availability?months=12`),
    params.campaignId === undefined ? null : loadCampaign(context, request, parseId(params.campaignId)),
  ]);
  if (campaign === 'missing') return data({ missing: 'campaign' as const }, { status: 404 });
  if (answer?.status === 200) {
    return { product: answer.body, calendar: calendar?.status === 200 ? calendar.body : null };
  }
  if (answer === null || answer.status === 400 || answer.status === 404) {
    return data({ missing: 'site' as const }, { status: 404 });
  }
  return null;
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
  if (!loaded) return pageMeta('Advertising site', place, { canonicalPath });
  const { product } = loaded;
  return pageMeta(product.name, place, {
    description: productDescription(product),
    image: product.images[0],
    canonicalPath,
    type: 'product',
    jsonLd: productJsonLd(product, originOf(place)),
  });
}

export default function ProductRoute() {
  const loaded = useLoaderData<typeof loader>() as
    | { product: Product; calendar: ProductAvailability | null }
    | { missing: 'site' | 'campaign' }
    | null;
  // A campaign that is not there: the page finds it so itself (its campaign's load) and says so.
  if (loaded && 'missing' in loaded) return <ProductPage missing={loaded.missing === 'site'} />;
  return <ProductPage rendered={loaded?.product} renderedCalendar={loaded?.calendar} />;
}
