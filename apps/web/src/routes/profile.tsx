import type { SessionListResponse, UserListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import Page, { type RenderedProfile } from '../features/profile/profile-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Profile');

/** A signed-in page rendered on the server with the user's details and sessions (lib/signed-in-loader.ts). */
export async function loader(args: LoaderFunctionArgs): Promise<RenderedProfile> {
  const [users, sessions] = await signedInLoad<[UserListResponse, SessionListResponse]>(args, [
    '/api/auth/user/',
    '/api/auth/sessions',
  ]);
  return { user: users?.data[0], sessions: sessions ?? undefined };
}

export default function ProfileRoute() {
  const rendered = useLoaderData<typeof loader>() as RenderedProfile | null;
  return <Page rendered={rendered ?? undefined} />;
}
