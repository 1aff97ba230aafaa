import type { SiteFieldsInput } from '@ooh/shared';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { signToken } from '../../lib/jwt.ts';
import { nextIp } from '../auth/auth.test-helpers.ts';
import { application, OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

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

/** A member of a new media owner, pending or approved by the operator through the API. */
export async function mediaOwner(
  ctx: TestContext,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
): Promise<{ token: string; ownerId: number }> {
  const token = await tokenOf(ctx, nextSitesPhone());
  const applied = await ok(await call(ctx, 'POST', '/api/partner/apply', token, application()), 201);
  const ownerId = applied.data.id as number;
  if (status !== 'pending') {
    const op = await operator(ctx);
    const path = `/api/ops/media-owners/${ownerId}/${status === 'approved' ? 'approve' : 'reject'}`;
    await ok(
      await call(ctx, 'POST', path, op, status === 'rejected' ? { reason: 'Documents unclear' } : undefined),
    );
  }
  return { token, ownerId };
}

export function siteBody(overrides: Partial<SiteFieldsInput> = {}): SiteFieldsInput {
  return {
    name: 'Andheri Flyover Hoarding',
    description: 'A 40 x 20 ft hoarding facing the eastbound traffic.',
    category: 'hoarding',
    price: 4500,
    booking_duration: 7,
    address: 'Andheri Flyover, Western Express Highway, Andheri East',
    city: 'Mumbai',
    district: 'Mumbai Suburban',
    state: 'Maharashtra',
    pin_code: '400069',
    latitude: 19.1136,
    longitude: 72.8697,
    width_ft: 40,
    height_ft: 20,
    lighting: 'Front Lit',
    image_format: 'Flex',
    impression: 120000,
    ...overrides,
  };
}

/**
 * A site of the owner moved to `status` through the API (live and paused via the operator's approval); past
 * a draft it has one photo.
 */
export async function siteIn(
  ctx: TestContext,
  token: string,
  status: 'draft' | 'pending' | 'live' | 'paused' | 'rejected',
  overrides: Partial<SiteFieldsInput> = {},
): Promise<number> {
  const created = await ok(await call(ctx, 'POST', '/api/partner/sites', token, siteBody(overrides)), 201);
  const id = created.data.id as number;
  if (status === 'draft') return id;
  // A site needs a photo to go to review (decision 046).
  await ok(await upload(ctx, token, id, await image('jpeg')), 201);
  await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/status`, token, { action: 'submit' }));
  if (status === 'pending') return id;
  const op = await operator(ctx);
  if (status === 'rejected') {
    await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/reject`, op, { reason: 'Blurry photos' }));
    return id;
  }
  await ok(await call(ctx, 'POST', `/api/ops/sites/${id}/approve`, op));
  if (status === 'paused') {
    await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/status`, token, { action: 'pause' }));
  }
  return id;
}

/** A real image of the given type, with EXIF orientation 6 (turned) on a JPEG. */
export async function image(type: 'jpeg' | 'png' | 'webp', width = 400, height = 300): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  if (type === 'jpeg') return base.jpeg().withMetadata({ orientation: 6 }).toBuffer();
  if (type === 'png') return base.png().toBuffer();
  return base.webp().toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----sites${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
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
