import { type DehydratedState, dehydrate, hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { serverRead } from './api-query';
import { apiAnswer } from './server-api';
import { signedInLoad } from './signed-in-loader';

/** What a screen's loader returns (loadQueries): its queries' cache, handed over as TanStack documents it. */
export interface LoaderQueries {
  dehydratedState: DehydratedState;
}

/** The dehydrated queries of a route's loader data, if it has any (components/loader-queries-boundary.tsx). */
export const dehydratedOf = (loaderData: unknown): DehydratedState | undefined =>
  (loaderData as Partial<LoaderQueries> | null | undefined)?.dehydratedState;

/** One query's data among a loader's dehydrated queries (a route's `meta` naming the page from it). */
export function loadedQueryData<T>(loaderData: unknown, queryKey: QueryKey): T | undefined {
  const hash = hashKey(queryKey);
  return dehydratedOf(loaderData)?.queries.find((q) => hashKey(q.queryKey) === hash)?.state.data as
    | T
    | undefined;
}

type ReadOptions = { queryKey: QueryKey; meta?: Record<string, unknown> };

const readOf = (q: ReadOptions) => {
  const read = serverRead(q);
  if (!read) throw new Error(`query ${JSON.stringify(q.queryKey)} was not made by apiQueryOptions`);
  return read;
};

/**
 * A public page's loader, on TanStack Query's server-rendering path (DESIGN 2): asks the API for each query
 * (made by lib/api-query.ts, so the same address and key as the browser's hook) and puts every 200 answer in
 * `client` with `ensureQueryData`; the loader returns `dehydrate(client)` and the root's HydrationBoundary
 * hands it to the page, which reads it with plain `useQuery`. Returns each answer's status, so the loader
 * can answer 404 for a page that is not there. Anything but 200 is left out of the cache: the page asks
 * from the browser and says what went wrong.
 */
export async function ensureAnswers(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  client: QueryClient,
  queries: readonly ReadOptions[],
): Promise<number[]> {
  return Promise.all(
    queries.map(async (q) => {
      const read = readOf(q);
      const answer = await apiAnswer<unknown>(context, request, read.url);
      if (answer.status === 200) {
        await client.ensureQueryData({ queryKey: q.queryKey, queryFn: () => read.pick(answer.body) });
      }
      return answer.status;
    }),
  );
}

/** `ensureAnswers` for a loader with nothing else to say: the page's queries, dehydrated. */
export async function loadPublicQueries(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  queries: readonly ReadOptions[],
): Promise<LoaderQueries> {
  const client = new QueryClient();
  await ensureAnswers(args, client, queries);
  return { dehydratedState: dehydrate(client) };
}

/**
 * A signed-in screen's loader, on TanStack Query's server-rendering path (DESIGN 2): asks the API, with the
 * page request's session, for the queries the screen's first render reads (each made by lib/api-query.ts,
 * so the same address and key as in the browser), puts them in a cache of this request with
 * `ensureQueryData` and returns it dehydrated; the root's LoaderQueriesBoundary hands it to the page with
 * `HydrationBoundary`, and the screen reads it with plain `useQuery`. Signed out, or a session the server
 * ended: the sign-in page that comes back here (lib/signed-in-loader.ts). An answer other than 200 is left
 * out: the screen asks for it from the browser and says what went wrong. `client`: a loader that asks in two
 * steps (the second needs the first's answer) passes one cache to both.
 */
export async function loadQueries(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  queries: readonly ReadOptions[],
  client: QueryClient = new QueryClient(),
): Promise<LoaderQueries> {
  const reads = queries.map(readOf);
  const answers = await signedInLoad<unknown[]>(
    args,
    reads.map((r) => r.url),
  );
  await Promise.all(
    queries.map((q, i) =>
      answers[i] === null
        ? undefined
        : client.ensureQueryData({ queryKey: q.queryKey, queryFn: () => reads[i].pick(answers[i]) }),
    ),
  );
  return { dehydratedState: dehydrate(client) };
}
