import { type CityPage as CityPageData, currentCityPagePath } from '@ooh/shared';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type MetaArgs, redirect, useLoaderData } from 'react-router';
import { cityPageQuery } from '../features/city-pages/api/get-city-page';
import CityPage, { cityPageHead } from '../features/city-pages/city-page';
import { cityDirectoryQuery } from '../lib/city-pages/get-city-directory';
import { ensureAnswers, type LoaderQueries, loadedQueryData } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';

type Loaded = LoaderQueries & { missing?: true };

/**
 * /outdoor-advertising/{city}[/{format}] (docs/decisions/033): rendered on the server with its sites and the
 * city list, for search engines (their queries dehydrated, lib/loader-queries.ts); an unknown city (a 4xx of
 * its answer) renders its not-found page with status 404. Anything else the page loads in the browser. An
 * old name of the city or the format (bangalore, hoarding) is a permanent redirect to the current address.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { params, request } = args;
  redirectIfMoved(params, request);
  const client = new QueryClient();
  const [page] = await ensureAnswers(args, client, [
    cityPageQuery(params.city ?? '', params.format),
    cityDirectoryQuery(),
  ]);
  const missing = page >= 400 && page < 500;
  const loaded: Loaded = { dehydratedState: dehydrate(client), ...(missing ? { missing: true } : {}) };
  return data(loaded, { status: missing ? 404 : 200 });
}

function redirectIfMoved(params: { city?: string; format?: string }, request: Request): void {
  const moved = currentCityPagePath(params.city ?? '', params.format);
  if (moved) throw redirect(moved + new URL(request.url).search, 301);
}

export function meta({ data: loaded, params, location, matches }: MetaArgs<typeof loader>) {
  const place = { location, matches };
  if (loaded?.missing) {
    return pageMeta(params.format ? 'No such sites in this city' : 'City not found', place, {
      noindex: true,
    });
  }
  const page = loadedQueryData<CityPageData>(
    loaded,
    cityPageQuery(params.city ?? '', params.format).queryKey,
  );
  if (!page) return pageMeta('Outdoor advertising', place);
  const head = cityPageHead(page);
  return [
    ...pageMeta(head.title, place, {
      description: head.description,
      canonicalPath: new URL(head.canonical).pathname,
      image: page.sites[0]?.images[0],
      jsonLd: head.jsonLd,
    }),
    ...(head.preloadImage
      ? [{ tagName: 'link', rel: 'preload', as: 'image', fetchPriority: 'high', href: head.preloadImage }]
      : []),
  ];
}

export default function CityRoute() {
  const loaded = useLoaderData<typeof loader>() as Loaded | null;
  return <CityPage missing={loaded?.missing} />;
}
