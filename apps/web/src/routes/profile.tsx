import type { UserListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consentsQuery } from '../features/profile/api/consents';
import { sessionsQuery } from '../features/profile/api/sessions';
import { profileAction } from '../features/profile/profile-action';
import Page, { type RenderedProfile } from '../features/profile/profile-page';
import { type LoaderQueries, loadQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Profile');

/**
 * A signed-in page rendered on the server with the user's details (`rendered`) and sessions (their query,
 * dehydrated: lib/loader-queries.ts); both asked with the page request's session.
 */
export async function loader(args: LoaderFunctionArgs): Promise<RenderedProfile & LoaderQueries> {
  const [[users], queries] = await Promise.all([
    signedInLoad<[UserListResponse]>(args, ['/api/auth/user/']),
    loadQueries(args, [sessionsQuery(), consentsQuery()]),
  ]);
  return { user: users?.data[0], ...queries };
}

/** The "Your data" forms (marketing consent, erasure), before and after the scripts run. */
export const action = profileAction;

export default function ProfileRoute() {
  const rendered = useLoaderData<typeof loader>() as (RenderedProfile & LoaderQueries) | null;
  return <Page rendered={rendered?.user ? { user: rendered.user } : undefined} />;
}
