import type { BriefDetail } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { briefAction } from '../features/briefs/brief-actions';
import Page from '../features/briefs/brief-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Brief');

/** A brief and its proposals, rendered on the server; accept, counter, decline and book are the action. */
export async function loader(args: LoaderFunctionArgs) {
  const id = encodeURIComponent(args.params.briefId ?? '');
  const [brief] = await signedInLoad<[BriefDetail]>(args, [`/api/briefs/${id}`]);
  return { brief };
}

export const action = briefAction;

export default function BriefRoute() {
  const { brief } = useLoaderData<typeof loader>();
  return <Page brief={brief} />;
}
