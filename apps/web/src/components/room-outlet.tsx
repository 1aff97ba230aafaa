import { Outlet, type ShouldRevalidateFunction } from 'react-router';

/**
 * Kept only on the room screens whose journeys stub the API in the browser for states no fixture makes
 * yet (payout ledgers, proof results, the bookings they link from): a move to them asks the browser's
 * queries, which the stubs answer. Every other room screen has its server loader alone (decision 068).
 */
export const roomClientLoader = () => null;

/**
 * A room screen's loader runs again after one of its actions or on a move to another address, not when
 * only its query string changes: the screen's own queries follow a search or a filter as it is typed
 * (their keys hold it), and a navigation waiting on the server for each keystroke would hold the address
 * back (the sites grid's search; decision 068).
 */
export const roomShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false);

/**
 * Where a room (the media owner's console, the back office) draws its screen. The screen's loader puts its
 * queries in a cache of the request (lib/loader-queries.ts) and the root's LoaderQueriesBoundary hydrates
 * them (components/loader-queries-boundary.tsx). Its fields take input from the first paint: nothing waits
 * for the app.
 */
export function RoomOutlet() {
  return <Outlet />;
}
