import type { SiteFieldsInput } from '@ooh/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { expectStatus } from './expect-status.ts';
import { application, image, multipart, randomPan, siteFields } from './factory-fields.ts';
import { noticeFixtures } from './factory-jobs.ts';
import { orderFixtures } from './factory-orders.ts';
import { ownerRowFixtures } from './factory-owners.ts';
import { proofFixtures } from './factory-proofs.ts';
import { setBillingState, signedInToken } from './sign-in.ts';
import { createTestApp, type TestContext } from './test-app.ts';

export { application, image, multipart, randomPan, siteFields } from './factory-fields.ts';
export type { NoticedOrder } from './factory-jobs.ts';
export { mailTo, notificationRows, smsTo, testJobs } from './factory-jobs.ts';
export type { Completion, Order, OrderState } from './factory-orders.ts';
export type { OwnerRow } from './factory-owners.ts';
export type { LineTakingProof } from './factory-proofs.ts';
export { expectStatus };

/**
 * The one fixture factory of the API tests (issue 43): people by role, a media owner with members, sites
 * and orders in any state, all made the way people make them, through the API (`app.inject`), so a
 * fixture is never a state the product cannot reach. A browser journey makes the same things through its
 * server's API (e2e/support/partners.ts, the same calls over HTTP). A few are written as rows instead,
 * each file saying why: a line taking a proof today (test/factory-proofs.ts), the owner and site of an
 * order whose booking confirmations are its only messages (test/factory-jobs.ts), and the owners and
 * sites of the owners' tools tests (test/factory-owners.ts).
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
   * A signed-in person (test/sign-in.ts: the sign-in journey itself is the auth tests'), and the user's
   * row with the billing state checkout needs.
   */
  async function person(phone = nextPhone(), billingState: string | null = 'Maharashtra'): Promise<Person> {
    const token = await signedInToken(ctx, phone);
    if (billingState !== null) await setBillingState(ctx.database.db, phone, billingState);
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

  const { lineTakingProof } = proofFixtures({ ctx, phone: nextPhone });
  const { ownerRow, siteRow } = ownerRowFixtures({ ctx, phone: nextPhone, person });
  /** A new token for `p` as of the clock's now (tokens last an hour: a clock moved by days ends them). */
  const { order } = orderFixtures({ ctx, call, operator, refresh });
  const { paidOrderWithOwner } = noticeFixtures({ ctx, phone: nextPhone, person, order });

  async function refresh(p: Person): Promise<void> {
    const token = await signedInToken(ctx, p.phone);
    p.token = token;
    p.headers = { authorization: `Bearer ${token}` };
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
    /** An owner (approved unless said otherwise) with its admin, written as rows: no notices, no API calls. */
    ownerRow,
    /** A live site row of an owner, with any columns changed (prices in paise, no owner at all). */
    siteRow,
    order,
    /** A paid line of `owner`'s that started today, its creative approved: what a proof upload needs. */
    lineTakingProof,
    /** A paid order (1-8 Dec 2026) of an owner made as rows: the booking's confirmations are its only messages. */
    paidOrderWithOwner,
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

const addDays = (day: Date, days: number) =>
  new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
