import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { parseId } from '../components/not-found';
import { orderQuery } from '../features/orders/api/get-order';
import Page from '../features/orders/order-page';
import { type LoaderQueries, loadQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';

export const meta = ({ params }: MetaArgs<typeof loader>) =>
  pageMeta(parseId(params.orderId) === null ? 'Order not found' : `Order #${params.orderId}`);

/**
 * A signed-in page rendered on the server with the buyer's order (its query in the loader's dehydrated
 * cache, lib/loader-queries.ts). Another user's order or an unknown id renders in the browser, which says
 * "not found".
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  const id = parseId(args.params.orderId);
  return loadQueries(args, id === null ? [] : [orderQuery(id)]);
}

export default function OrderRoute() {
  return <Page />;
}
