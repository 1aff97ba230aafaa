import { randomInt } from 'node:crypto';
import type { PartnerProofLine, PayoutRow, PayoutsResponse } from '@ooh/shared';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { call, type Session, useSessionInPage } from './partners';

/** Helpers of the payout journeys (docs/product-rules.md, "Payouts"; decision 047). */

type Rational = [number, number];
const dms = (value: number): [Rational, Rational, Rational] => {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  return [
    [d, 1],
    [m, 1],
    [Math.round(((abs - d) * 60 - m) * 60 * 10_000), 10_000],
  ];
};

/** A random scene (never a near-duplicate of an earlier proof) taken a minute ago at the given place. */
export async function photoAt(latitude: number, longitude: number): Promise<Buffer> {
  const n = () => randomInt(0, 1000);
  const shapes = Array.from(
    { length: 6 },
    () =>
      `<rect x="${n() % 700}" y="${n() % 500}" width="${60 + (n() % 300)}" height="${40 + (n() % 250)}" ` +
      `fill="rgb(${n() % 256},${n() % 256},${n() % 256})"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="rgb(${n() % 256},${n() % 256},${n() % 256})"/>${shapes}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const ist = new Date(Date.now() - 60_000 + 5.5 * 3_600_000).toISOString();
  const block = piexif.dump({
    '0th': { [piexif.ImageIFD.Make]: 'JourneyCam' },
    Exif: {
      [piexif.ExifIFD.DateTimeOriginal]: `${ist.slice(0, 10).replaceAll('-', ':')} ${ist.slice(11, 19)}`,
    },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: latitude >= 0 ? 'N' : 'S',
      [piexif.GPSIFD.GPSLatitude]: dms(latitude),
      [piexif.GPSIFD.GPSLongitudeRef]: longitude >= 0 ? 'E' : 'W',
      [piexif.GPSIFD.GPSLongitude]: dms(longitude),
    },
  });
  return Buffer.from(piexif.insert(block, jpeg.toString('binary')), 'binary');
}

export async function payouts(
  request: APIRequestContext,
  who: Session,
  path: string,
): Promise<PayoutsResponse> {
  return (await (await call(request, who, 'GET', path, { expected: 200 })).json()) as PayoutsResponse;
}

/** The payout of one line as the owner's API answers it, once it is in `state` (transfers may settle a moment later). */
export async function payoutOfLine(
  request: APIRequestContext,
  owner: Session,
  lineId: number,
  state: PayoutRow['state'],
): Promise<PayoutRow> {
  let found: PayoutRow | undefined;
  await expect
    .poll(
      async () => {
        found = (await payouts(request, owner, '/api/partner/payouts')).payouts.find(
          (p) => p.line_id === lineId,
        );
        return found?.state;
      },
      { message: `line ${lineId}'s payout ${state}` },
    )
    .toBe(state);
  return found!;
}

export async function postProof(
  request: APIRequestContext,
  owner: Session,
  line: PartnerProofLine,
  metres: number,
) {
  const photo = await photoAt(line.site.latitude! + metres / 111_195, line.site.longitude!);
  const res = await call(request, owner, 'POST', `/api/partner/lines/${line.id}/proofs`, {
    multipart: { file: { name: 'proof.jpg', mimeType: 'image/jpeg', buffer: photo } },
    expected: 201,
  });
  return ((await res.json()) as { data: { verified: boolean } }).data;
}

export async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `no sideways scroll on ${what}`).toBeLessThanOrEqual(0);
}

export async function pageAs(browser: Browser, who: Session, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await useSessionInPage(page, who);
  return page;
}
