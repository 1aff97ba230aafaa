import { type CityDirectory, type CityPage as CityPageData, currentCityPagePath } from '@ooh/shared';
import { data, type LoaderFunctionArgs, type MetaArgs, redirect, useLoaderData } from 'react-router';
import { cityPageDataPath, type RenderedCityPage } from '../features/city-pages/api/get-city-page';
import CityPage, { cityPageHead } from '../features/city-pages/city-page';
import { CITY_DIRECTORY_PATH } from '../lib/city-pages/get-city-directory';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

interface Rendered {
  page: RenderedCityPage;
  directory?: CityDirectory;
}

/**
 * /outdoor-advertising/{city}[/{format}] (docs/decisions/033): rendered on the server with its sites and the
 * city list, for search engines; an unknown city (a 4xx of its answer) renders its not-found page with status
 * 404. Anything else the page loads in the browser, as it does after a client-side navigation. An old name
 * of the city or the format (bangalore, hoarding) is a permanent redirect to the current address.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  redirectIfMoved(params, request);
  const [page, directory] = await Promise.all([
    apiAnswer<RenderedCityPage>(context, request, cityPageDataPath(params.city ?? '', params.format)),
    apiAnswer<CityDirectory>(context, request, CITY_DIRECTORY_PATH),
  ]);
  const missing = page.status >= 400 && page.status < 500;
  if ((page.status !== 200 && !missing) || directory.status !== 200) return null;
  return data<Rendered>({ page: page.body, directory: directory.body }, { status: missing ? 404 : 200 });
}

function redirectIfMoved(params: { city?: string; format?: string }, request: Request): void {
  const moved = currentCityPagePath(params.city ?? '', params.format);
  if (moved) throw redirect(moved + new URL(request.url).search, 301);
}

export function meta({ data: rendered, params, location, matches }: MetaArgs<typeof loader>) {
  const place = { location, matches };
  const page = rendered?.page;
  if (!page) return pageMeta('Outdoor advertising', place);
  if ('error' in page) {
    return pageMeta(params.format ? 'No such sites in this city' : 'City not found', place, {
      noindex: true,
    });
  }
  const head = cityPageHead(page as CityPageData);
  return [
    ...pageMeta(head.title, place, {
      description: head.description,
      canonicalPath: new URL(head.canonical).pathname,
      image: (page as CityPageData).sites[0]?.images[0],
      jsonLd: head.jsonLd,
    }),
    ...(head.preloadImage
      ? [{ tagName: 'link', rel: 'preload', as: 'image', fetchPriority: 'high', href: head.preloadImage }]
      : []),
  ];
}

export default function CityRoute() {
  const rendered = useLoaderData<typeof loader>() as Rendered | null;
  return <CityPage rendered={rendered?.page} renderedDirectory={rendered?.directory} />;
}
