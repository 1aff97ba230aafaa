import type { OrderDetail } from '@ooh/shared';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import Page from '../features/orders/order-page';
import { signInPath } from '../lib/auth/redirect-target';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';
import { hasSessionHint } from '../lib/session';

export const meta = () => pageMeta('Order');

/**
 * A signed-in page rendered on the server with its data: the request's session cookie reaches the API
 * (lib/server-api.ts), so the buyer's order is in the HTML. Without a session, or with one the server has
 * ended, the answer is the sign-in page that comes back here (docs/product-spec.md section 3). Another
 * user's order or an unknown id renders in the browser, which says "not found".
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const signIn = signInPath(new URL(request.url).pathname);
  if (!hasSessionHint(request.headers.get('cookie'))) throw redirect(signIn);
  const id = parseId(params.orderId);
  if (id === null) return null;
  const answer = await apiAnswer<OrderDetail>(context, request, `/api/orders/${id}`);
  if (answer.status === 401) throw redirect(signIn);
  return answer.status === 200 ? answer.body : null;
}

// A navigation inside the app asks the API from the page itself, as before (features/orders/api/get-order.ts).
export const clientLoader = () => null;

export default function OrderRoute() {
  const order = useLoaderData<typeof loader>() as OrderDetail | null;
  return <Page rendered={order ?? undefined} />;
}
