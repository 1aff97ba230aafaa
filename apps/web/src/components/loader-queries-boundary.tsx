import { HydrationBoundary } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useMatches } from 'react-router';
import { dehydratedOf } from '../lib/loader-queries';

/**
 * TanStack Query's documented hand-over of a server render's cache (DESIGN 2, "The standard path"): every
 * matched route whose loader returned `dehydrate(client)` (lib/loader-queries.ts) has its queries hydrated
 * into the page's QueryClient, on the server's render, on hydration and after each move inside the app
 * (React Router runs the loaders then too). Pages read them with plain `useQuery`: one data path.
 */
export function LoaderQueriesBoundary({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo(
    () => ({
      queries: matches.flatMap((match) => dehydratedOf(match.loaderData)?.queries ?? []),
      mutations: [],
    }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
