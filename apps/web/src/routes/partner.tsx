import type { Roles, RolesResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';
import PartnerLayout from '../partner/partner-layout';

export const meta = () => pageMeta('Media owner console');

/**
 * The media owner's room: rendered on the server with the user's roles (lib/signed-in-loader.ts), so the
 * console's frame, or the application form or its status, is in the HTML; each screen is a child route.
 */
export async function loader(args: LoaderFunctionArgs): Promise<Roles | null> {
  const [roles] = await signedInLoad<[RolesResponse]>(args, ['/api/me/roles']);
  return roles?.data ?? null;
}

// Moving between screens asks the API from the page itself (lib/use-roles.ts), as the room's screens do
// (components/room-outlet.tsx roomClientLoader).
export const clientLoader = () => null;

export default function PartnerRoute() {
  const roles = useLoaderData<typeof loader>() as Roles | null;
  return <PartnerLayout rendered={roles ?? undefined} />;
}
