import { addDays, todayIst } from '@ooh/shared';

/**
 * The buyer's journey over real HTTP, as the SPA makes it: sign in with a code from the dev SMS outbox,
 * book, check out online, pay in the sandbox window, confirm. For tests against server processes.
 */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field and asserted
  body: any;
}

export async function call(
  url: string,
  route: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${route}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body };
}

let ipSeq = 0;
/** A distinct client address per sign-in (the server trusts X-Forwarded-For in these tests). */
const nextIp = () => {
  ipSeq += 1;
  return `10.42.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/**
 * Signs `phone` in: code sent, read from the dev outbox with the server's dev key (from its DATA_DIR),
 * verified. Answers the session token.
 */
export async function signInOverHttp(
  server: { url: string; devKey: string },
  phone: string,
): Promise<string> {
  const { url, devKey } = server;
  const sent = await call(url, '/api/auth/otp/send', {
    body: { phone_number: phone },
    headers: { 'x-forwarded-for': nextIp() },
  });
  if (sent.status !== 200) throw new Error(`otp/send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const outbox = await call(
    url,
    `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
  );
  const code = /\b(\d{6})\b/.exec(outbox.body?.messages?.[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  const verified = await call(url, '/api/auth/otp/verify', {
    body: { verification_id: sent.body.verification_id, code },
  });
  if (verified.status !== 200) throw new Error(`otp/verify answered ${verified.status}`);
  const token = verified.body.token as string;
  // The billing details the checkout page saves before booking: the state decides the GST.
  const profile = await call(url, '/api/auth/update_user_by_phone/', {
    method: 'PATCH',
    token,
    body: {
      first_name: 'Asha',
      last_name: 'Buyer',
      phone_number: phone,
      company: 'Acme Outdoor Pvt Ltd',
      address_line_1: '4 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    },
  });
  if (profile.status !== 200) throw new Error(`update_user_by_phone answered ${profile.status}`);
  return token;
}

/** A week starting a month from today (IST): always bookable by the calendar rules. */
export function futureWeek(offsetDays = 30): { from: string; to: string } {
  const from = addDays(todayIst(new Date()), offsetDays);
  return { from, to: addDays(from, 7) };
}

export interface Journey {
  booked: Answer;
  out?: Answer;
  paid?: Answer;
  confirmed?: Answer;
}

/**
 * Book one site for `week` (at `rupees`), check out online and pay in the sandbox window; with `confirm`,
 * also hand the payment back as the page would. Stops at the first answer that is not 200.
 */
export async function bookAndPayOverHttp(
  url: string,
  token: string,
  site: { productId: number; rupees: number; week: { from: string; to: string } },
  confirm = true,
): Promise<Journey> {
  const line = {
    product_id: site.productId,
    from_date: site.week.from,
    to_date: site.week.to,
    campaign_id: null,
    customized: false,
  };
  const booked = await call(url, '/api/booking/book', { token, body: { amount: site.rupees, data: [line] } });
  if (booked.status !== 200) return { booked };
  const out = await call(url, '/api/booking/checkout', {
    token,
    body: { order_id: booked.body.order_id, payment: 'online' },
  });
  if (out.status !== 200) return { booked, out };
  // The sandbox window sends the order's pay token, which its address (checkout_url) carries.
  const payToken = new URL(out.body.checkout_url, url).searchParams.get('token');
  const paid = await call(url, '/api/payments/sandbox/pay', {
    body: { razor_pay_order_id: out.body.razor_pay_order_id, token: payToken },
  });
  if (paid.status !== 200 || !confirm) return { booked, out, paid };
  const confirmed = await call(url, '/api/booking/confirm', {
    token,
    body: {
      order_id: booked.body.order_id,
      razorpay_order_id: paid.body.razorpay_order_id,
      payment_id: paid.body.razorpay_payment_id,
      signature: paid.body.razorpay_signature,
      amount: out.body.amount,
    },
  });
  return { booked, out, paid, confirmed };
}

/** The order ids GET /api/booked_campaigns/ (My Orders) lists for the user, with their status. */
export async function myOrders(
  url: string,
  token: string,
): Promise<Array<{ order_id: number; status: string }>> {
  const res = await call(url, '/api/booked_campaigns/', { token });
  if (res.status !== 200) throw new Error(`booked_campaigns answered ${res.status}`);
  const d = res.body.data;
  // Unpaid orders are listed too ("Payment pending - reserved until ..."): only booked ones count here.
  return [...d.upcoming_campaigns, ...d.ongoing_campaigns, ...d.completed_campaigns]
    .filter((c: { status: string }) => c.status !== 'pending_payment' && c.status !== 'awaiting_payment')
    .map((c: { order_id: number; status: string }) => ({ order_id: c.order_id, status: c.status }));
}
