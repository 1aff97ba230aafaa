import type { OrderDetail } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import Page from '../features/orders/order-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = ({ params }: MetaArgs<typeof loader>) =>
  pageMeta(parseId(params.orderId) === null ? 'Order not found' : `Order #${params.orderId}`);

/**
 * A signed-in page rendered on the server with the buyer's order (lib/signed-in-loader.ts). Another user's
 * order or an unknown id renders in the browser, which says "not found".
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = parseId(args.params.orderId);
  if (id === null) {
    await signedInLoad<[]>(args, []);
    return null;
  }
  const [order] = await signedInLoad<[OrderDetail]>(args, [`/api/orders/${id}`]);
  return order;
}

export default function OrderRoute() {
  const order = useLoaderData<typeof loader>() as OrderDetail | null;
  return <Page rendered={order ?? undefined} />;
}
