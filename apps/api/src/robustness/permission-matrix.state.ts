import { addDays, todayIst } from '@ooh/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import { application } from '../../test/factory.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { nextIp } from '../../test/otp-sign-in.ts';
import type { TestContext } from '../../test/test-app.ts';
import { bookings, commissionInvoices, proofs, sitePhotos } from '../db/schema.ts';
import { signToken } from '../lib/jwt.ts';
import { bookWeek, breachBody, nextBlockWindow, paidLine } from './permission-matrix.records.ts';

/** The state the permission matrix calls need (not a test itself). */

export type Caller =
  | 'anonymous'
  | 'buyer'
  | 'pending'
  | 'ownerA'
  | 'ownerB'
  | 'operator'
  // Owner A's manager and field member (ownerA is its admin, the applicant; decision 046).
  | 'managerA'
  | 'fieldA';

export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** JSON body. */
  body?: unknown;
  /** Sent by a fresh user of the caller's kind (for a buyer: one who is no member yet), e.g. apply. */
  freshBuyer?: boolean;
  /** A multipart body with one file (photo uploads, CSV imports). */
  file?: { field: string; filename: string; contentType: string; content: Buffer };
}

export interface MatrixState {
  ctx: TestContext;
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  owners: { a: number; b: number; pending: number };
  /** Owner A's live site, with one photo and one block on it. */
  siteA: { id: number; productCode: string; name: string };
  photoA: number;
  blockA: number;
  /** Text of owner A's that must never appear in owner B's answers. */
  ownerASecrets: string[];
  /** A fresh site of owner A (for calls that change or remove one). */
  freshSiteA(): Promise<number>;
  freshPhotoA(siteId?: number): Promise<number>;
  freshBlockA(siteId?: number): Promise<number>;
  /** A fresh proof on owner A's paid line, posted now (withdrawals). */
  freshProofA(): Promise<number>;
  /** A fresh member (field) of owner A, signed in once: its user id, for removals. */
  freshMemberA(): Promise<number>;
  /** A fresh open invitation of owner A's (not yet taken up), for revoking. */
  freshInvitationA(): Promise<number>;
  /** A number never seen, for invitations. */
  freshPhone(): string;
  /** A fresh pending applicant, for the operator's decisions. */
  freshApplicant(): Promise<number>;
  /** A fresh pending site of owner A, for the operator's site decisions. */
  freshPendingSiteA(): Promise<number>;
  /** A fresh entry of the breach register, for the operator's steps. */
  freshBreach(): Promise<number>;
  jpeg: Buffer;
  /** A CSV of one valid site row in the template's columns (or a bare header when no template is served). */
  importCsv: Buffer;
  /** A block's dates (inclusive) inside the owner's window, new ones per call, never overlapping. */
  nextBlockDates(): { from_date: string; to_date: string };
  /** A buyer's order of a week on owner A's site (held, unpaid). */
  orderId: number;
  /** A paid line on owner A's site (proof calls: it takes none yet, a 409 past the permission checks). */
  paidLineA: number;
  /** A commission invoice of owner A's (the marketplace's monthly invoice, decision 093). */
  commissionInvoiceA: number;
}

let phone = 0;
const nextMatrixPhone = () => {
  phone += 1;
  return `97000${String(phone).padStart(5, '0')}`;
};

async function tokenOf(ctx: TestContext, phoneNumber: string): Promise<string> {
  return (await signToken({ phone_number: phoneNumber }, ctx.config.jwtSecret, ctx.clock.now())).token;
}

export async function send(ctx: TestContext, call: Call, caller: Caller) {
  const token =
    caller === 'anonymous'
      ? null
      : call.freshBuyer && caller === 'buyer'
        ? await tokenOf(ctx, nextMatrixPhone())
        : current!.tokens[caller];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (call.file) {
    const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${call.file.field}"; filename="${call.file.filename}"\r\nContent-Type: ${call.file.contentType}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return ctx.app.inject({
      method: call.method,
      url: call.url,
      remoteAddress: nextIp(),
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, call.file.content, tail]),
    });
  }
  return ctx.app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: nextIp(),
    headers,
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}

let current: MatrixState | null = null;

/** An applicant through the real call; approved by the operator when `approve`. */
async function applicant(ctx: TestContext, operatorToken: string, approve: boolean) {
  const token = await tokenOf(ctx, nextMatrixPhone());
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/api/partner/apply',
    headers: { authorization: `Bearer ${token}` },
    payload: application(),
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().data.id as number;
  if (approve) {
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/media-owners/${id}/approve`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return { token, id };
}

export async function matrixState(ctx: TestContext, operatorPhone: string): Promise<MatrixState> {
  const db = ctx.database.db;
  const operator = await tokenOf(ctx, operatorPhone);
  const a = await applicant(ctx, operator, true);
  const b = await applicant(ctx, operator, true);
  const pending = await applicant(ctx, operator, false);
  const buyer = await tokenOf(ctx, nextMatrixPhone());
  /** Owner A's admin invites a number with a role; the invitee signs in and becomes a member. */
  const memberOfA = async (role: 'manager' | 'field') => {
    const phoneNumber = nextMatrixPhone();
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/members',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { phone_number: phoneNumber, role },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await tokenOf(ctx, phoneNumber);
    const roles = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/roles',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(roles.json().data.media_owner?.role).toBe(role);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: `Bearer ${token}` },
    });
    return { token, userId: me.json().data[0].id as number };
  };
  const managerA = await memberOfA('manager');
  const fieldA = await memberOfA('field');

  const freshSite = async (status: 'live' | 'pending' = 'live') => {
    const row = await insertProduct(db, { mediaOwnerId: a.id, status });
    return row;
  };
  const freshPhoto = async (siteId: number) => {
    const [row] = await db
      .insert(sitePhotos)
      .values({
        productId: siteId,
        originalKey: `sites/${siteId}/original-matrix.jpg`,
        displayKey: `sites/${siteId}/display-matrix.jpg`,
        contentType: 'image/jpeg',
        width: 800,
        height: 600,
        status: 'live',
      })
      .returning();
    return row.id;
  };
  const freshBlock = async (siteId: number) => {
    const { from, to } = nextBlockWindow();
    const [row] = await db
      .insert(bookings)
      .values({
        productId: siteId,
        period: `[${from},${to})`,
        status: 'blocked',
        blockReason: 'Matrix upkeep',
      })
      .returning();
    return row.id;
  };

  const site = await freshSite();
  let blockCalls = 0;
  const nextBlockDates = () => {
    blockCalls += 1;
    const from = addDays(todayIst(ctx.clock.now()), 150 + 4 * blockCalls);
    return { from_date: from, to_date: addDays(from, 2) };
  };
  const template = await ctx.app.inject({
    method: 'GET',
    url: '/api/partner/sites/import/template.csv',
    headers: { authorization: `Bearer ${a.token}` },
  });
  const importCsv = Buffer.from(template.statusCode === 200 ? template.body : 'name\nMatrix Import Site\n');

  // A buyer's order on A's site: the back office's order calls need one.
  const buyerPhone = nextMatrixPhone();
  const buyerOfA = await tokenOf(ctx, buyerPhone);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login_with_phone/',
    headers: { authorization: `Bearer ${buyerOfA}` },
    payload: { phone_number: buyerPhone },
  });
  const from = addDays(todayIst(ctx.clock.now()), 30);
  const orderId = await bookWeek(ctx, buyerOfA, site, from);
  const paidLineA = await paidLine(ctx, buyerOfA, site, addDays(from, 60));
  // A commission invoice as the month's issue writes it (a row: its figures are the invoices tests').
  const [invoice] = await ctx.database.db
    .insert(commissionInvoices)
    .values({
      mediaOwnerId: a.id,
      month: '2026-10',
      number: 'COM/26-27/900001',
      financialYear: '2026-27',
      taxablePaise: 157_500,
      cgstPaise: 14_175,
      sgstPaise: 14_175,
      igstPaise: 0,
      issuedAt: ctx.clock.now(),
    })
    .returning({ id: commissionInvoices.id });

  const state: MatrixState = {
    paidLineA,
    commissionInvoiceA: invoice.id,
    ctx,
    importCsv,
    nextBlockDates,
    orderId,
    tokens: {
      buyer,
      pending: pending.token,
      ownerA: a.token,
      ownerB: b.token,
      operator,
      managerA: managerA.token,
      fieldA: fieldA.token,
    },
    owners: { a: a.id, b: b.id, pending: pending.id },
    siteA: { id: site.id, productCode: site.productCode, name: site.name },
    photoA: await freshPhoto(site.id),
    blockA: await freshBlock(site.id),
    ownerASecrets: [site.productCode, site.name, 'Matrix upkeep'],
    freshSiteA: async () => (await freshSite()).id,
    freshPhotoA: (siteId = site.id) => freshPhoto(siteId),
    freshBlockA: (siteId = site.id) => freshBlock(siteId),
    freshProofA: async () => {
      const [row] = await db
        .insert(proofs)
        .values({
          orderItemId: paidLineA,
          productId: site.id,
          originalKey: `proof-originals/${paidLineA}/matrix.jpg`,
          displayKey: `proofs/${paidLineA}/matrix.webp`,
          contentType: 'image/jpeg',
          phash: '0000000000000000',
          verified: false,
          uploadedByUserId: managerA.userId,
          createdAt: ctx.clock.now(),
        })
        .returning();
      return row.id;
    },
    freshMemberA: async () => (await memberOfA('field')).userId,
    freshInvitationA: async () => {
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/members',
        headers: { authorization: `Bearer ${a.token}` },
        payload: { phone_number: nextMatrixPhone(), role: 'field' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      return invited.json().data.invitation_id as number;
    },
    freshPhone: nextMatrixPhone,
    freshApplicant: async () => (await applicant(ctx, operator, false)).id,
    freshPendingSiteA: async () => (await freshSite('pending')).id,
    freshBreach: async () => {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/ops/breaches',
        headers: { authorization: `Bearer ${operator}` },
        payload: breachBody(),
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as number;
    },
    jpeg: await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer(),
  };
  current = state;
  return state;
}
