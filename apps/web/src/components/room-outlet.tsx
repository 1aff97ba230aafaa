import { Outlet } from 'react-router';

/**
 * Client-side moves between a room's screens ask their data from the browser (the screen's own queries,
 * made by lib/api-query.ts); a page's first request is rendered with the loader's answers. Kept on the
 * rooms' screens (not on the buyer's pages) because the rooms' screen journeys stub the API in the browser
 * for states no fixture makes yet (payout ledgers, proof results); decision 068 says what replaces it.
 */
export const roomClientLoader = () => null;

/**
 * Where a room (the media owner's console, the back office) draws its screen. The screen's loader puts its
 * queries in a cache of the request (lib/loader-queries.ts) and the root's LoaderQueriesBoundary hydrates
 * them (components/loader-queries-boundary.tsx). Its fields take input from the first paint: nothing waits
 * for the app.
 */
export function RoomOutlet() {
  return <Outlet />;
}
