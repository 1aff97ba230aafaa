import type { BriefList } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { briefsAction } from '../features/briefs/brief-actions';
import Page from '../features/briefs/briefs-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Briefs');

/** The buyer's briefs, rendered on the server (lib/signed-in-loader.ts); posting one is the action. */
export async function loader(args: LoaderFunctionArgs) {
  const [list] = await signedInLoad<[BriefList]>(args, ['/api/briefs']);
  return { briefs: list };
}

export const action = briefsAction;

export default function BriefsRoute() {
  const { briefs } = useLoaderData<typeof loader>();
  return <Page briefs={briefs} />;
}
