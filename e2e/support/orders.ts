import { type APIRequestContext, expect } from '@playwright/test';
import { apiSignIn, approvedOwner, call, liveSite, type Session } from './partners';

/** A line of /booking/book: one site, [from, to) dates. */
export interface BookLine {
  product_id: number;
  from_date: string;
  to_date: string;
  campaign_id: number | null;
  customized: boolean;
}

/** The billing details checkout needs (the state decides CGST + SGST or IGST, docs/product-rules.md section 10). */
export async function saveBillingDetails(
  request: APIRequestContext,
  buyer: Session,
  state = 'Maharashtra',
): Promise<void> {
  await call(request, buyer, 'PATCH', '/api/auth/update_user_by_phone/', {
    data: {
      first_name: 'Asha',
      last_name: 'Rao',
      phone_number: buyer.phone,
      company: 'Rao Foods Pvt Ltd',
      address_line_1: '12 MG Road',
      city: state === 'Maharashtra' ? 'Mumbai' : 'Bengaluru',
      state,
      pin: state === 'Maharashtra' ? '400001' : '560001',
    },
    expected: 200,
  });
}

/**
 * Pays an order through the API exactly as the checkout page does: billing details, book (`amount` is the
 * lines' sum without GST), check out (answers the amount charged, GST included), the sandbox window's Pay,
 * confirm. For journeys whose subject is what happens after payment.
 */
export async function apiPaidOrder(
  request: APIRequestContext,
  buyer: Session,
  lines: BookLine[],
  subtotalRupees: number,
  /** The sandbox refuses this many of the payment's refunds first (a rehearsed outage). */
  refundFailures = 0,
): Promise<{ orderId: number; chargedPaise: number }> {
  await saveBillingDetails(request, buyer);
  const booked = await call(request, buyer, 'POST', '/api/booking/book', {
    data: { amount: subtotalRupees, data: lines },
    expected: 200,
  });
  const orderId = ((await booked.json()) as { order_id: number }).order_id;
  const out = (await (
    await call(request, buyer, 'POST', '/api/booking/checkout', {
      data: { order_id: orderId, payment: 'online' },
      expected: 200,
    })
  ).json()) as { razor_pay_order_id: string; checkout_url: string; amount: number };
  const payToken = new URL(out.checkout_url, 'http://localhost').searchParams.get('token');
  const pay = await request.post('/api/payments/sandbox/pay', {
    data: { razor_pay_order_id: out.razor_pay_order_id, token: payToken, refund_failures: refundFailures },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  const paid = (await pay.json()) as { razorpay_payment_id: string; razorpay_signature: string };
  await call(request, buyer, 'POST', '/api/booking/confirm', {
    data: {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      amount: out.amount,
    },
    expected: 200,
  });
  return { orderId, chargedPaise: out.amount };
}

/**
 * A new approved owner's live site (₹1,500 a day) and a new buyer's paid week on it, 60 to 310 days ahead (a
 * range no other journey books): for journeys about what follows a payment.
 */
export async function paidWeekOnNewSite(
  request: APIRequestContext,
  siteName: string,
): Promise<{ buyer: Session; orderId: number; siteId: number }> {
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);
  const buyer = await apiSignIn(request);
  const start = new Date(Date.now() + (60 + Math.floor(Math.random() * 250)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const line = {
    product_id: site.id,
    from_date: day(start),
    to_date: day(new Date(start.getTime() + 7 * 86_400_000)),
    campaign_id: null,
    customized: false,
  };
  const { orderId } = await apiPaidOrder(request, buyer, [line], 1500 * 7);
  return { buyer, orderId, siteId: site.id };
}
