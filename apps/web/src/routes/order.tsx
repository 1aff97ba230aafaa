import type { OrderDetail } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import Page from '../features/orders/order-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Order');

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

// A navigation inside the app asks the API from the page itself, as before (features/orders/api/get-order.ts).
export const clientLoader = () => null;

export default function OrderRoute() {
  const order = useLoaderData<typeof loader>() as OrderDetail | null;
  return <Page rendered={order ?? undefined} />;
}
