import type { LoaderFunctionArgs } from 'react-router';
import { type LoaderQueries, loadQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';
import { OpsLayout } from '../ops/components/ops-layout';
import { pendingOwnersCountQuery } from '../ops/lib/use-queue-counts';

export const meta = () => pageMeta('Back office');

/**
 * The operator's room: rendered on the server with its access check, the pending owners' count (its query
 * dehydrated, lib/loader-queries.ts), so an operator's frame is in the HTML; each screen is a child route.
 * A buyer's 403 is not rendered here: the browser asks again and says "for operators".
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  return loadQueries(args, [pendingOwnersCountQuery()]);
}

// Moving between screens asks the API from the page itself (ops/lib/use-queue-counts.ts), as the room's screens do
// (components/room-outlet.tsx roomClientLoader).
export const clientLoader = () => null;

export default function OpsRoute() {
  return <OpsLayout />;
}
