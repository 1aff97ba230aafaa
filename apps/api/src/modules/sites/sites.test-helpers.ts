import type { SiteFieldsInput } from '@ooh/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Factory, factory, multipart, type SiteStatus } from '../../../test/factory.ts';
import { nextIp } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { signToken } from '../../lib/jwt.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/** Shared by the sites tests (not a test itself). */

export const createSitesTestApp = () => createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });

let phoneCounter = 0;
/** A fresh number per call (outside the ranges other helpers hand out). */
export const nextSitesPhone = () => `97000${String(++phoneCounter).padStart(5, '0')}`;

export async function tokenOf(ctx: TestContext, phone: string): Promise<string> {
  return (await signToken({ phone_number: phone }, ctx.config.jwtSecret, ctx.clock.now())).token;
}

export const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

export function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return res.json();
}

export const operator = (ctx: TestContext) => tokenOf(ctx, OPERATOR_PHONE);

/** The one fixture factory of this app (its calls come from their own addresses, counted per app). */
const factories = new WeakMap<TestContext, Factory>();
const factoryOf = (ctx: TestContext) => {
  let made = factories.get(ctx);
  if (!made) {
    made = factory(ctx);
    factories.set(ctx, made);
  }
  return made;
};

/** A member of a new media owner, pending or approved by the operator: the fixture factory's owner. */
export async function mediaOwner(
  ctx: TestContext,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
): Promise<{ token: string; ownerId: number }> {
  // The sites tests' numbers; a PAN, GSTIN and bank account of its own (approving a duplicate needs a reason).
  const owner = await factoryOf(ctx).owner({ status, phone: nextSitesPhone() });
  return { token: owner.admin.token, ownerId: owner.id };
}

/**
 * A site of the owner (signed in with `token`) moved to `status` through the API: the fixture factory's
 * site (live and paused via the operator's approval; past a draft it has one photo).
 */
export async function siteIn(
  ctx: TestContext,
  token: string,
  status: SiteStatus,
  overrides: Partial<SiteFieldsInput> = {},
): Promise<number> {
  const admin = { phone: '', token, headers: { authorization: `Bearer ${token}` } };
  return (await factoryOf(ctx).site({ id: 0, admin, members: { admin } }, status, overrides)).id;
}

export function upload(
  ctx: TestContext,
  token: string | undefined,
  siteId: number,
  file: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
) {
  const body = multipart(file, filename, contentType);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/partner/sites/${siteId}/photos`,
    remoteAddress: nextIp(),
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}
