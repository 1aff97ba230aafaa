import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { serverRead } from './api-query';
import { signedInLoad } from './signed-in-loader';

/** A query's answer, asked by a route's loader on the server, that the page renders with. */
export interface RenderedQuery {
  queryKey: QueryKey;
  data: unknown;
}

/** What a screen's loader returns (loadQueries), recognised by the room's outlet among the route matches. */
export interface RenderedQueries {
  renderedQueries: RenderedQuery[];
}

export const renderedQueriesOf = (loaderData: unknown): RenderedQuery[] =>
  (loaderData as Partial<RenderedQueries> | null | undefined)?.renderedQueries ?? [];

type ReadOptions = { queryKey: QueryKey; meta?: Record<string, unknown> };

/**
 * A signed-in screen's loader: asks the API, with the page request's session, for the queries the screen's
 * first render reads (each made by lib/api-query.ts, so the same address and key as in the browser).
 * Signed out, or a session the server ended: the sign-in page that comes back here (lib/signed-in-loader.ts).
 * An answer other than 200 is left out: the screen asks for it from the browser and says what went wrong.
 */
export async function loadQueries(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  queries: readonly ReadOptions[],
): Promise<RenderedQueries> {
  const reads = queries.map((q) => {
    const read = serverRead(q);
    if (!read) throw new Error(`query ${JSON.stringify(q.queryKey)} was not made by apiQueryOptions`);
    return read;
  });
  const answers = await signedInLoad<unknown[]>(
    args,
    reads.map((r) => r.url),
  );
  return {
    renderedQueries: queries.flatMap((q, i) =>
      answers[i] === null ? [] : [{ queryKey: q.queryKey, data: reads[i].pick(answers[i]) }],
    ),
  };
}

/**
 * Puts a loader's answers in the query cache before the screen's queries first read it, on the server (the
 * request's own cache) and in the browser (the same answers, so hydration matches the HTML). What the
 * cache already holds (a screen opened again) is left alone. Loaders run only on a page's first request;
 * a move between screens asks from the browser as before.
 */
export function useRenderedQueries(rendered: readonly RenderedQuery[] | null | undefined): void {
  const client = useQueryClient();
  useState(() => {
    for (const { queryKey, data } of rendered ?? []) {
      if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data);
    }
    return null;
  });
}
