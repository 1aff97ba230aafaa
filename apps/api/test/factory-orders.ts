import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { northOf, proofPhoto } from '../src/modules/proofs/proof-photos.test-helpers.ts';
import { expectStatus } from './expect-status.ts';
import type { Owner, Person, Site } from './factory.ts';
import { image, multipart } from './factory-fields.ts';
import { testJobs } from './factory-jobs.ts';
import type { TestContext } from './test-app.ts';

/**
 * The factory's orders (test/factory.ts): an order of sites moved to any state through the API, and the
 * completed state as a campaign lives it. Made from the factory's own parts, so its calls come from fresh
 * addresses and its people are the factory's.
 */

export type OrderState =
  | 'held'
  | 'paid'
  | 'payout_held'
  | 'partly_refunded'
  | 'refunded'
  | 'payout_released'
  | 'payout_reversed'
  | 'completed';

export interface Order {
  id: number;
  buyer: Person;
  /** The charged total in paise, with tax (0 while held). */
  totalPaise: number;
  from: string;
  to: string;
}

/** What the completed state needs: the sites' owner (artwork review, proofs) and each line's proof. */
export interface Completion {
  owner: Owner;
  proofs?: Array<'verified' | 'unverified' | 'none'>;
}

export interface OrderParts {
  ctx: TestContext;
  call: (
    who: Person | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra?: Pick<InjectOptions, 'headers'>,
  ) => Promise<LightMyRequestResponse>;
  operator: () => Promise<Person>;
  refresh: (p: Person) => Promise<void>;
}

const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const addDays = (day: Date, days: number) =>
  new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export function orderFixtures({ ctx, call, operator, refresh }: OrderParts) {
  /**
   * An order of `sites` for 7 days from `from` (default: a week after the clock's day), moved to `state`:
   * held (booked, not paid), paid or payout held (paid in the sandbox window and confirmed: payouts held
   * until proof), partly refunded (an operator refunds a tenth), refunded (the rest too), payout released
   * (an operator releases every payout of the paid order), payout reversed (an operator refunds the whole
   * order before release: every payout reversed to nothing), completed (see `complete`).
   */
  async function order(
    buyer: Person,
    sites: Site[],
    state: OrderState = 'paid',
    /**
     * `amount`: the rupees to book for, where rate cards or rules price the lines (else daily x days per
     * site); `ends`: each site's own to_date (exclusive; default 7 days from `from`); `completion`: what the
     * completed state needs; `client_id`, `po_number`: booking for an agency's client.
     */
    options: {
      from?: string;
      amount?: number;
      ends?: string[];
      completion?: Completion;
      client_id?: number;
      po_number?: string;
    } = {},
  ): Promise<Order> {
    const from = options.from ?? addDays(ctx.clock.now(), 7);
    const to = addDays(new Date(`${from}T00:00:00Z`), 7);
    const endOf = (i: number) => options.ends?.[i] ?? to;
    const data = sites.map((s, i) => ({
      product_id: s.id,
      from_date: from,
      to_date: endOf(i),
      customized: false,
    }));
    const amount =
      options.amount ?? sites.reduce((sum, s, i) => sum + (s.weekRupees / 7) * daysFrom(from, endOf(i)), 0);
    const booked = expectStatus<{ order_id: number }>(
      await call(buyer, 'POST', '/api/booking/book', {
        amount,
        data,
        // Booked by an agency's planner for a client (decision 092).
        ...(options.client_id === undefined ? {} : { client_id: options.client_id }),
        ...(options.po_number === undefined ? {} : { po_number: options.po_number }),
      }),
    );
    const id = booked.order_id;
    if (state === 'held') return { id, buyer, totalPaise: 0, from, to };
    const out = expectStatus<{ razor_pay_order_id: string; checkout_url: string; amount: number }>(
      await call(buyer, 'POST', '/api/booking/checkout', { order_id: id, payment: 'online' }),
    );
    // The sandbox window's Pay (with the pay token from checkout_url), then the page confirms what the
    // window handed back: a real sandbox payment, which refunds can be taken from.
    const payToken = new URL(out.checkout_url, 'http://localhost').searchParams.get('token') ?? '';
    const window = expectStatus<{ razorpay_payment_id: string; razorpay_signature: string }>(
      await call(null, 'POST', '/api/payments/sandbox/pay', {
        razor_pay_order_id: out.razor_pay_order_id,
        token: payToken,
      }),
    );
    expectStatus(
      await call(buyer, 'POST', '/api/booking/confirm', {
        order_id: id,
        razorpay_order_id: out.razor_pay_order_id,
        payment_id: window.razorpay_payment_id,
        signature: window.razorpay_signature,
        amount: out.amount,
      }),
    );
    const made: Order = { id, buyer, totalPaise: out.amount, from, to };
    if (state === 'paid' || state === 'payout_held') return made;
    if (state === 'completed') {
      if (!options.completion) throw new Error("The completed state needs `completion` (the sites' owner).");
      await complete(made, options.completion);
      return made;
    }
    const op = await operator();
    if (state === 'payout_released') {
      const list = expectStatus<{ payouts: Array<{ id: number; order_id: number }> }>(
        await call(op, 'GET', '/api/ops/payouts'),
      );
      for (const payout of list.payouts.filter((p) => p.order_id === id)) {
        expectStatus(
          await call(op, 'POST', `/api/ops/payouts/${payout.id}/release`, { reason: 'Checked the photo' }),
        );
      }
      return made;
    }
    if (state === 'payout_reversed') {
      expectStatus(
        await call(op, 'POST', `/api/ops/orders/${id}/refunds`, {
          amount: out.amount / 100,
          reason: 'The campaign was called off before it went up',
        }),
      );
      return made;
    }
    const tenth = Math.floor(out.amount / 10);
    expectStatus(
      await call(op, 'POST', `/api/ops/orders/${id}/refunds`, {
        amount: tenth / 100,
        reason: 'A tenth back for a late mounting',
      }),
    );
    if (state === 'refunded') {
      expectStatus(
        await call(op, 'POST', `/api/ops/orders/${id}/refunds`, {
          amount: (out.amount - tenth) / 100,
          reason: 'The rest back: the campaign was called off',
        }),
      );
    }
    return made;
  }

  /**
   * The completed state, as a campaign lives it: the buyer uploads each line's artwork and the owner
   * approves it; on the first day (10:15 IST) the owner posts one proof per line as `proofs` says
   * (`verified`: taken at the site on that day; `unverified`: 2 km away; `none`), the clock moves to the day
   * after the earliest line's end and the job queue completes what has ended. Lines ending later stay
   * running. Moves the test clock; refreshes the buyer's and the owner admin's tokens in place.
   */
  async function complete(made: Order, { owner: of, proofs = [] }: Completion): Promise<void> {
    const detail = expectStatus<{
      lines: Array<{
        id: number;
        to_date: string;
        product: { id: number; latitude: number; longitude: number };
      }>;
    }>(await call(made.buyer, 'GET', `/api/orders/${made.id}`));
    for (const line of detail.lines) {
      const art = multipart(await image('jpeg', 600, 300), 'artwork.jpg', 'image/jpeg');
      expectStatus(
        await call(made.buyer, 'POST', `/api/orders/${made.id}/lines/${line.id}/creative`, art.payload, {
          headers: art.headers,
        }),
        201,
      );
      expectStatus(await call(of.admin, 'POST', `/api/partner/lines/${line.id}/creative/approve`));
    }
    ctx.clock.set(new Date(`${made.from}T04:45:00Z`));
    await refresh(of.admin);
    for (const [i, line] of detail.lines.entries()) {
      const kind = proofs[i] ?? 'verified';
      if (kind === 'none') continue;
      const place = kind === 'verified' ? line.product : northOf(line.product, 2000);
      const photo = await proofPhoto(line.id * 7 + 3, {
        ...place,
        takenAt: `${made.from.replaceAll('-', ':')} 10:00:00`,
      });
      const body = multipart(photo, 'proof.jpg', 'image/jpeg');
      expectStatus(
        await call(of.admin, 'POST', `/api/partner/lines/${line.id}/proofs`, body.payload, {
          headers: body.headers,
        }),
        201,
      );
    }
    const firstEnd = detail.lines.map((l) => l.to_date).sort()[0];
    ctx.clock.set(new Date(`${addDays(new Date(`${firstEnd}T00:00:00Z`), 1)}T00:30:00Z`));
    await testJobs(ctx).runDueJobs();
    await refresh(made.buyer);
    await refresh(of.admin);
  }

  return { order, complete };
}
