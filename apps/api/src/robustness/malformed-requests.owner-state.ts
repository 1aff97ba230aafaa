import sharp from 'sharp';
import { application } from '../../test/factory.ts';
import { insertProduct } from '../../test/fixtures.ts';
import type { TestContext } from '../../test/test-app.ts';
import {
  bearer,
  buyer,
  type Fixture,
  freshToken,
  nextWindow,
  ok,
  operatorToken,
  send,
} from './malformed-requests.state.ts';

/** The media owners' state of the hostile-text sweep: applications, approved owners, their sites, blocks and proof lines. */

/** A fresh buyer's application, pending: what an operator approves or rejects. */
export async function pendingMediaOwner(f: Fixture): Promise<number> {
  const { token } = await buyer(f.ctx);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/apply',
      body: application(),
      headers: bearer(token),
    }),
    'partner apply',
  );
  return made.data.id as number;
}

/** One approved media owner per app (applied and approved through the API), made once: signing in is slow. */
const approvedOwners = new WeakMap<
  TestContext,
  Promise<{ token: string; ownerId: number; phone: string; at: number }>
>();
export async function approvedOwner(f: Fixture): Promise<{ token: string; ownerId: number }> {
  let made = approvedOwners.get(f.ctx);
  const current = made ? await made : undefined;
  // The sweep's clock outlasts a token's hour: the same member signs in again.
  if (current && f.ctx.clock.now().getTime() - current.at > 45 * 60_000) {
    made = freshToken(f, current.phone).then((token) => ({
      ...current,
      token,
      at: f.ctx.clock.now().getTime(),
    }));
    approvedOwners.set(f.ctx, made);
  }
  if (!made) {
    made = (async () => {
      const at = f.ctx.clock.now().getTime();
      const { token, phone } = await buyer(f.ctx);
      const applied = await ok(
        await send(f.ctx, {
          method: 'POST',
          route: '/api/partner/apply',
          body: application(),
          headers: bearer(token),
        }),
        'partner apply',
      );
      await ok(
        await send(f.ctx, {
          method: 'POST',
          route: '/api/ops/media-owners/:id/approve',
          params: { id: String(applied.data.id) },
          headers: bearer(await operatorToken(f)),
        }),
        'approve owner',
      );
      return { token, ownerId: applied.data.id as number, phone, at };
    })();
    approvedOwners.set(f.ctx, made);
  }
  return made;
}

/**
 * The approved owner's paid line that takes a proof now (the factory's rows: no booking can start today), its
 * buyer's token, and one proof posted on it through the API.
 */
export async function ownerProofLine(
  f: Fixture,
): Promise<{ token: string; buyerToken: string; lineId: number; proofId: number }> {
  const { token, ownerId } = await approvedOwner(f);
  const { phone, token: buyerToken } = await buyer(f.ctx);
  const { lineId } = await f.make.lineTakingProof({ id: ownerId }, { phone });
  const posted = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/lines/:lineId/proofs',
      params: { lineId: String(lineId) },
      headers: bearer(token),
      file: { bytes: await samplePhoto(), filename: 'proof.png', contentType: 'image/png' },
    }),
    'post proof',
  );
  return { token, buyerToken, lineId, proofId: posted.data.id as number };
}

/**
 * The approved owner with a fresh site of its own and a block on it: what the blocks, calendar and bookings
 * calls need. The site row is written directly (its owner set); the block through the API.
 */
export async function ownerSiteWithBlock(
  f: Fixture,
): Promise<{ token: string; siteId: number; blockId: number }> {
  const { token, ownerId } = await approvedOwner(f);
  const site = await insertProduct(f.ctx.database.db, { mediaOwnerId: ownerId });
  const days = nextWindow(f.ctx);
  const block = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/sites/:id/blocks',
      params: { id: String(site.id) },
      body: { from_date: days.from_date, to_date: days.to_date, reason: 'Repainting' },
      headers: bearer(token),
    }),
    'block',
  );
  return { token, siteId: site.id, blockId: block.data.id as number };
}

/** A fresh approved media owner's id (for the operator's suspend and reinstate). */
export async function approvedOwnerId(f: Fixture): Promise<number> {
  const token = await approvedOwnerToken(f);
  const me = await ok(
    await send(f.ctx, { method: 'GET', route: '/api/partner/me', headers: bearer(token) }),
    'me',
  );
  return me.data.id as number;
}

/** A member of a media owner the operator approved, through the API (apply, then approve). */
export async function approvedOwnerToken(f: Fixture): Promise<string> {
  const { token } = await buyer(f.ctx);
  const applied = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/apply',
      body: application(),
      headers: bearer(token),
    }),
    'partner apply',
  );
  await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/ops/media-owners/:id/approve',
      params: { id: String(applied.data.id) },
      headers: bearer(await operatorToken(f)),
    }),
    'approve owner',
  );
  return token;
}

/** A small real PNG (a site photo). */
export const samplePhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** An approved owner's site in `status` (pending: submitted; live: approved), with one photo when asked. */
export async function ownerSite(
  f: Fixture,
  status: 'draft' | 'pending' | 'live',
  withPhoto = false,
  /** An approved owner's member already made (a second site of the same owner). */
  ownerToken?: string,
): Promise<{ token: string; siteId: number; photoId?: number; photoUrl?: string }> {
  const token = ownerToken ?? (await approvedOwnerToken(f));
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/sites',
      body: sweepSite(),
      headers: bearer(token),
    }),
    'create site',
  );
  const siteId = made.data.id as number;
  let photo: { id: number; url: string } | undefined;
  // A site needs a photo to go to review (decision 046).
  if (withPhoto || status !== 'draft') {
    const res = await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/sites/:id/photos',
      params: { id: String(siteId) },
      headers: bearer(token),
      file: { bytes: await samplePhoto(), filename: 'site.png', contentType: 'image/png' },
    });
    photo = (await ok(res, 'upload photo')).data.photos[0];
  }
  if (status !== 'draft') {
    const submit = { method: 'POST' as const, route: '/api/partner/sites/:id/status' };
    await ok(
      await send(f.ctx, {
        ...submit,
        params: { id: String(siteId) },
        body: { action: 'submit' },
        headers: bearer(token),
      }),
      'submit site',
    );
  }
  if (status === 'live') {
    await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/ops/sites/:id/approve',
        params: { id: String(siteId) },
        headers: bearer(await operatorToken(f)),
      }),
      'approve site',
    );
  }
  return { token, siteId, photoId: photo?.id, photoUrl: photo?.url };
}

let siteCodes = 0;
/** Every text field of the site form, valid; a fresh site code each call. */
export function sweepSite() {
  siteCodes += 1;
  return {
    site_code: `SWEEP-${Date.now().toString(36).toUpperCase()}-${siteCodes}`,
    name: 'Andheri Flyover Hoarding',
    description: 'Facing the eastbound traffic.',
    category: 'hoarding',
    price: '4,500',
    booking_duration: '7',
    address: 'Andheri Flyover, Western Express Highway',
    city: 'Mumbai',
    district: 'Mumbai Suburban',
    state: 'Maharashtra',
    pin_code: '400069',
    latitude: '19.1136',
    longitude: '72.8697',
    width_ft: '40',
    height_ft: '20',
    lighting: 'Front Lit',
    image_format: 'Flex',
    impression: '120000',
    audience_source: 'traffic_count',
    audience_measured_on: '2026-03',
    audience_method: 'Manual count, two weekdays',
  };
}
