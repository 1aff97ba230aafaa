import type { Order, ProposalBookRequest } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { requireProposalApproval } from '../modules/agencies/client-rules.service.ts';
import { bookOrder } from '../modules/bookings/bookings.service.ts';
import { bookableLines, markBooked } from '../modules/proposals/proposal-steps.service.ts';

/*
 * Booking an accepted proposal (DESIGN section 19, decision 086): an order of the accepted lines at the
 * agreed prices, through the one placing path of POST /booking/book (its date rules, locks, EXCLUDE
 * judge, unpaid-order cap and taxes), so checkout and pay charge the agreed prices plus GST as for any
 * order. Steps:
 * 1. proposals: the accepted lines and their prices, read under the proposal's lock (the server's prices,
 *    never the client's);
 * 2. bookings: the order placed with those prices replacing the rate card's; the client's `amount` must
 *    equal their sum (409 `price_changed` otherwise). A brief made for an agency's client places the order
 *    for that client (decision 092): billed as the client says, its PO number on the invoices, its monthly
 *    limit checked, and a client that signs off plans first must have approved this proposal's latest link
 *    on exactly these lines at these prices (409 `approval_required` or `approval_outdated`; the link is
 *    asked for by workflows/proposal-approval.workflow.ts). The buyer's options on the lines are replaced by the
 *    order's checkout holds (orders' placeOrder). An idempotency key per proposal makes a repeat (double
 *    click, two tabs) answer the same order;
 * 3. proposals: the proposal marked booked with the order (a repeat after a crash here marks it then).
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'payments'>;

export async function bookProposal(
  deps: Deps,
  id: number,
  buyerUserId: number,
  body: ProposalBookRequest,
): Promise<Order> {
  const { lines, clientId } = await bookableLines(deps, id, buyerUserId);
  if (clientId !== null)
    await requireProposalApproval(deps.database.db, clientId, id, lines, deps.clock.now());
  const order = await bookOrder(
    deps,
    buyerUserId,
    {
      amount: body.amount,
      ...(clientId === null ? {} : { client_id: clientId }),
      ...(body.po_number ? { po_number: body.po_number } : {}),
      data: lines.map((l) => ({
        product_id: l.productId,
        from_date: l.fromDate,
        to_date: l.toDate,
        customized: false,
      })),
    },
    `proposal-${id}`,
    {
      pricesPaise: lines.map((l) => l.pricePaise),
      label: `Agreed price, proposal #${id}`,
      approvalJudged: true,
    },
  );
  await markBooked(deps, id, order.order_id);
  return order;
}
