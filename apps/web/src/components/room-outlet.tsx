import { HydrationBoundary } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, useMatches } from 'react-router';
import { dehydratedOf } from '../lib/loader-queries';

/**
 * Client-side moves between a room's screens ask their data from the browser (the screen's own queries);
 * only a page's first request is rendered with the loader's answers.
 */
export const roomClientLoader = () => null;

/**
 * Where a room (the media owner's console, the back office) draws its screen. The server renders the screen
 * with the queries its loader put in the cache (lib/loader-queries.ts), and the browser hydrates the same
 * cache through TanStack's HydrationBoundary. Its fields take input from the first paint: nothing waits for
 * the app.
 */
export function RoomOutlet() {
  const matches = useMatches();
  const state = useMemo(
    () => ({
      queries: matches.flatMap((match) => dehydratedOf(match.loaderData)?.queries ?? []),
      mutations: [],
    }),
    [matches],
  );
  return (
    <HydrationBoundary state={state}>
      <Outlet />
    </HydrationBoundary>
  );
}
