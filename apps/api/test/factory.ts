import type { SiteFieldsInput } from '@ooh/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { users } from '../src/db/schema.ts';
import { signToken } from '../src/lib/jwt.ts';
import { testJobs } from '../src/modules/jobs/jobs.test-helpers.ts';
import { northOf, proofPhoto } from '../src/modules/proofs/proof-photos.test-helpers.ts';
import { application, image, multipart, randomPan, siteFields } from './factory-fields.ts';
import { createTestApp, type TestContext } from './test-app.ts';

export { application, image, multipart, randomPan, siteFields } from './factory-fields.ts';

/**
 * The one fixture factory of the API tests (issue 43): people by role, a media owner with members, sites
 * and orders in any state, all made the way people make them, through the API (`app.inject`), so a
 * fixture is never a state the product cannot reach. A browser journey makes the same things through its
 * server's API (e2e/support/partners.ts, the same calls over HTTP).
 *
 *   const ctx = await createFactoryApp();
 *   const make = factory(ctx);
 *   const owner = await make.owner({ members: ['manager', 'field'] });
 *   const site = await make.site(owner);
 *   const order = await make.order(await make.buyer(), [site], 'partly_refunded');
 *
 * Numbers it hands out start with 93 (other helpers use 97 and 98), one run of them per factory.
 */

/** The operator of factory apps (OPERATOR_PHONES): outside every range the helpers hand out. */
export const FACTORY_OPERATOR_PHONE = '9300000000';

/** createTestApp with the factory's operator (OPERATOR_PHONES) and any other settings. */
export function createFactoryApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestContext> {
  return createTestApp({ ...options, env: { OPERATOR_PHONES: FACTORY_OPERATOR_PHONE, ...options.env } });
}

export interface Person {
  phone: string;
  token: string;
  /** The Authorization header of this person's calls. */
  headers: { authorization: string };
}

export type MemberRole = 'admin' | 'manager' | 'field';

export interface Owner {
  id: number;
  /** The admin who applied: the owner's first member. */
  admin: Person;
  members: Partial<Record<MemberRole, Person>>;
}

export type SiteStatus = 'draft' | 'pending' | 'live' | 'paused' | 'rejected';

export interface Site {
  id: number;
  ownerId: number;
  /** What a 7-day booking of it costs, in rupees before tax (the site's price is per day). */
  weekRupees: number;
}

export type AgencyRole = 'admin' | 'planner' | 'approver';

export interface Agency {
  id: number;
  /** The person who created it: its first admin. */
  admin: Person;
  members: Partial<Record<AgencyRole, Person>>;
  /** The member rows' ids of `members` (the admin's is not kept). */
  memberIds: Partial<Record<AgencyRole, number>>;
  clientIds: number[];
}

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

/** An answer's JSON, failing with its body unless its status is `status`. */
export function expectStatus<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) {
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  }
  return res.json() as T;
}

let factories = 0;

export function factory(ctx: TestContext) {
  factories += 1;
  let phones = 0;
  let ips = 0;
  const prefix = `93${String(factories % 100).padStart(2, '0')}`;
  const nextPhone = () => `${prefix}${String(++phones).padStart(6, '0')}`;

  /** A request from its own address, so per-IP limits never join two fixtures. */
  function call(
    who: Person | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Pick<InjectOptions, 'headers'> = {},
  ): Promise<LightMyRequestResponse> {
    ips += 1;
    return ctx.app.inject({
      method,
      url,
      remoteAddress: `10.93.${(ips >> 8) & 255}.${ips & 255}`,
      headers: { ...(who ? who.headers : {}), ...extra.headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /**
   * A signed-in person: a session token as sign-in issues it (the sign-in journey itself is the auth
   * tests'), and the user's row with the billing state checkout needs.
   */
  async function person(phone = nextPhone(), billingState: string | null = 'Maharashtra'): Promise<Person> {
    const { token } = await signToken({ phone_number: phone }, ctx.config.jwtSecret, ctx.clock.now());
    if (billingState !== null) {
      await ctx.database.db
        .insert(users)
        .values({ phoneNumber: phone, state: billingState })
        .onConflictDoUpdate({ target: users.phoneNumber, set: { state: billingState } });
    }
    return { phone, token, headers: { authorization: `Bearer ${token}` } };
  }

  // The app's own operator (OPERATOR_PHONES), so the factory serves any test app, not only createFactoryApp's.
  const operatorPhone = ctx.config.operatorPhones[0] ?? FACTORY_OPERATOR_PHONE;
  const operator = () => person(operatorPhone, null);

  async function owner(
    options: {
      members?: MemberRole[];
      status?: 'approved' | 'pending' | 'rejected';
      /** The admin's number (default: a fresh one). */
      phone?: string;
      /** The PAN applied with (default: a random one, so owners never share one). */
      pan?: string;
    } = {},
  ): Promise<Owner> {
    const admin = await person(options.phone ?? nextPhone());
    const applied = expectStatus<{ data: { id: number } }>(
      await call(admin, 'POST', '/api/partner/apply', application(options.pan ?? randomPan())),
      201,
    );
    const id = applied.data.id;
    const status = options.status ?? 'approved';
    if (status !== 'pending') {
      const op = await operator();
      const action = status === 'approved' ? 'approve' : 'reject';
      expectStatus(
        await call(
          op,
          'POST',
          `/api/ops/media-owners/${id}/${action}`,
          status === 'rejected' ? { reason: 'Documents unclear' } : undefined,
        ),
      );
    }
    const members: Owner['members'] = { admin };
    for (const role of options.members ?? []) {
      const member = await person();
      expectStatus(
        await call(admin, 'POST', '/api/partner/members', { phone_number: member.phone, role }),
        201,
      );
      // The invitee becomes a member on their first signed-in call that asks (members.service.ts).
      expectStatus(await call(member, 'GET', '/api/me/roles'));
      members[role] = member;
    }
    return { id, admin, members };
  }

  async function site(
    of: Owner,
    status: SiteStatus = 'live',
    overrides: Partial<SiteFieldsInput> = {},
  ): Promise<Site> {
    const fields = siteFields(overrides);
    const created = expectStatus<{ data: { id: number } }>(
      await call(of.admin, 'POST', '/api/partner/sites', fields),
      201,
    );
    const id = created.data.id;
    const done: Site = { id, ownerId: of.id, weekRupees: Number(fields.price) * 7 };
    if (status === 'draft') return done;
    // A site goes to review with at least one photo (decision 046).
    const photo = multipart(await image('jpeg'), 'photo.jpg', 'image/jpeg');
    expectStatus(
      await call(of.admin, 'POST', `/api/partner/sites/${id}/photos`, photo.payload, {
        headers: photo.headers,
      }),
      201,
    );
    expectStatus(await call(of.admin, 'POST', `/api/partner/sites/${id}/status`, { action: 'submit' }));
    if (status === 'pending') return done;
    const op = await operator();
    if (status === 'rejected') {
      expectStatus(await call(op, 'POST', `/api/ops/sites/${id}/reject`, { reason: 'Blurry photos' }));
      return done;
    }
    expectStatus(await call(op, 'POST', `/api/ops/sites/${id}/approve`));
    if (status === 'paused') {
      expectStatus(await call(of.admin, 'POST', `/api/partner/sites/${id}/status`, { action: 'pause' }));
    }
    return done;
  }

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

  /** A new token for `p` as of the clock's now (tokens last an hour: a clock moved by days ends them). */
  async function refresh(p: Person): Promise<void> {
    const { token } = await signToken({ phone_number: p.phone }, ctx.config.jwtSecret, ctx.clock.now());
    p.token = token;
    p.headers = { authorization: `Bearer ${token}` };
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

  /**
   * A hold (option, decision 082) of `site` by `buyer` for 7 days from `from` (default: a week after the
   * clock's day), made through POST /api/holds.
   */
  async function hold(
    buyer: Person,
    site: Pick<Site, 'id'>,
    options: { from?: string; to?: string } = {},
  ): Promise<{ id: number; expires_at: string; from: string; to: string }> {
    const from = options.from ?? addDays(ctx.clock.now(), 7);
    const to = options.to ?? addDays(new Date(`${from}T00:00:00Z`), 7);
    const made = expectStatus<{ id: number; expires_at: string }>(
      await call(buyer, 'POST', '/api/holds', { product_id: site.id, from_date: from, to_date: to }),
      201,
    );
    return { ...made, from, to };
  }

  /**
   * An agency (decision 092) made by a fresh admin, with members of the roles asked and clients (billed
   * directly unless `bill_to` says otherwise). Each member is a person whose number the admin added.
   */
  async function agency(
    options: {
      members?: AgencyRole[];
      clients?: Array<{ name?: string; bill_to?: 'client' | 'agency'; gstin?: string }>;
    } = {},
  ): Promise<Agency> {
    const admin = await person();
    const made = expectStatus<{ data: { id: number } }>(
      await call(admin, 'POST', '/api/agencies', {
        company_name: 'Factory Agency',
        gstin: '27AAPFU0939F1ZV',
        pan: 'AAPFU0939F',
        address: '4 Nariman Point',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400021',
      }),
      201,
    );
    const members: Agency['members'] = { admin };
    const memberIds: Agency['memberIds'] = {};
    for (const role of options.members ?? []) {
      const member = await person();
      const added = expectStatus<{ data: { id: number } }>(
        await call(admin, 'POST', '/api/agency/members', { phone_number: member.phone, role }),
        201,
      );
      members[role] = member;
      memberIds[role] = added.data.id;
    }
    const clientIds: number[] = [];
    for (const c of options.clients ?? []) {
      const client = expectStatus<{ data: { id: number } }>(
        await call(admin, 'POST', '/api/agency/clients', {
          name: c.name ?? 'Factory Client Ltd',
          ...(c.gstin === undefined ? {} : { gstin: c.gstin }),
          address_line_1: '9 Linking Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pin: '400050',
          bill_to: c.bill_to ?? 'client',
        }),
        201,
      );
      clientIds.push(client.data.id);
    }
    return { id: made.data.id, admin, members, memberIds, clientIds };
  }

  /**
   * Runs a change and waits until this process has heard of it (the catalogue trigger's NOTIFY, which on
   * PostgreSQL arrives on the listening connection shortly after the commit): a cached catalogue read
   * made next sees the change, as a buyer's read a moment later does. Only for an action that writes.
   */
  async function settled<T>(action: () => Promise<T>): Promise<T> {
    const generation = ctx.app.catalogueCache.generation;
    const result = await action();
    await vi.waitFor(() => expect(ctx.app.catalogueCache.generation).not.toBe(generation));
    return result;
  }

  return {
    /** A fresh number in this factory's range. */
    phone: nextPhone,
    /** A buyer with a billing state (Maharashtra unless given; null: none yet). */
    buyer: (billingState: string | null = 'Maharashtra') => person(nextPhone(), billingState),
    /** Someone signed in with no role. */
    person,
    operator,
    owner,
    site,
    order,
    hold,
    /** A new token for a person in place, after the test clock moved past the old one's hour. */
    refresh,
    agency,
    /** A call as `who` (null: signed out) from a fresh address. */
    call,
    settled,
  };
}

export type Factory = ReturnType<typeof factory>;

/** What the completed state needs: the sites' owner (artwork review, proofs) and each line's proof. */
export interface Completion {
  owner: Owner;
  proofs?: Array<'verified' | 'unverified' | 'none'>;
}

const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const addDays = (day: Date, days: number) =>
  new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
