import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';
import { OpsLayout } from '../ops/components/ops-layout';
import type { PendingOwnersCount } from '../ops/lib/use-queue-counts';

export const meta = () => pageMeta('Back office');

/**
 * The operator's room: rendered on the server with its access check, the pending owners' count
 * (lib/signed-in-loader.ts), so an operator's frame is in the HTML; each screen is a child route. A buyer's
 * 403 is not rendered here: the browser asks again and says "for operators".
 */
export async function loader(args: LoaderFunctionArgs): Promise<PendingOwnersCount | null> {
  const [count] = await signedInLoad<[PendingOwnersCount]>(args, [
    '/api/ops/media-owners?status=pending&page_size=1',
  ]);
  return count;
}

// Moving between screens asks the API from the page itself (ops/lib/use-queue-counts.ts), as the room's screens do
// (components/room-outlet.tsx roomClientLoader).
export const clientLoader = () => null;

export default function OpsRoute() {
  const count = useLoaderData<typeof loader>() as PendingOwnersCount | null;
  return <OpsLayout rendered={count ?? undefined} />;
}
