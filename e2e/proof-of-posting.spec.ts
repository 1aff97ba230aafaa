import { randomInt } from 'node:crypto';
import type { PartnerProofLine } from '@ooh/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { apiSignIn, call, type Session, useSessionInPage } from './support/partners';

/**
 * Issue 12, proof of posting end to end on the demo data: the seed's buyer 9999900007 paid for three sites
 * of the demo owner 9999900001 from yesterday, creatives approved. The owner posts a photo taken at the
 * site now (Verified) and one taken 2 km away (Unverified, with the distance); the buyer sees both on the
 * order page with the same verdicts.
 */

const OWNER_PHONE = '9999900001';
const BUYER_PHONE = '9999900007';
const DEMO_CAMPAIGN = 'Monsoon chai launch';

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

/** Now as a camera in India writes it: IST wall time without an offset, a minute ago. */
function cameraTimeNow(): string {
  const ist = new Date(Date.now() - 60_000 + 5.5 * 3_600_000).toISOString();
  return `${ist.slice(0, 10).replaceAll('-', ':')} ${ist.slice(11, 19)}`;
}

/** A random scene (so no attempt's photo nearly duplicates an earlier one) with EXIF GPS and time. */
async function photoAt(latitude: number, longitude: number): Promise<Buffer> {
  const n = () => randomInt(0, 1000);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">` +
    `<rect width="800" height="600" fill="rgb(${n() % 256},${n() % 256},${n() % 256})"/>` +
    Array.from(
      { length: 6 },
      () =>
        `<rect x="${n() % 700}" y="${n() % 500}" width="${60 + (n() % 300)}" height="${40 + (n() % 250)}" ` +
        `fill="rgb(${n() % 256},${n() % 256},${n() % 256})"/>`,
    ).join('') +
    `<circle cx="${n() % 800}" cy="${n() % 600}" r="${30 + (n() % 120)}" fill="rgb(${n() % 256},${n() % 256},${n() % 256})"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const block = piexif.dump({
    '0th': { [piexif.ImageIFD.Make]: 'JourneyCam' },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: cameraTimeNow() },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: latitude >= 0 ? 'N' : 'S',
      [piexif.GPSIFD.GPSLatitude]: dms(latitude),
      [piexif.GPSIFD.GPSLongitudeRef]: longitude >= 0 ? 'E' : 'W',
      [piexif.GPSIFD.GPSLongitude]: dms(longitude),
    },
  });
  return Buffer.from(piexif.insert(block, jpeg.toString('binary')), 'binary');
}

/** The demo order's first line, as the owner's proofs list answers it (site coordinates included). */
async function demoLine(request: APIRequestContext, owner: Session): Promise<PartnerProofLine> {
  const res = await call(request, owner, 'GET', '/api/partner/proofs', { expected: 200 });
  const { data } = (await res.json()) as { data: PartnerProofLine[] };
  const line = data.find((l) => l.campaign_name === DEMO_CAMPAIGN && l.can_post_proof);
  expect(line, 'the seed’s demo line, open for proofs').toBeTruthy();
  return line!;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
}

test('the owner posts proofs on the demo order and the buyer sees them verified and unverified', async ({
  page,
  browser,
}) => {
  const owner = await apiSignIn(page.request, OWNER_PHONE);
  const line = await demoLine(page.request, owner);
  const { latitude, longitude } = line.site;
  expect(latitude).not.toBeNull();
  // The site's coordinates as the catalogue answers them, the same as the proofs list's.
  const product = await page.request.get(`/api/product/${line.site.id}`);
  expect(product.status()).toBe(200);
  const catalogued = (await product.json()) as { latitude: number | null; longitude: number | null };
  expect(catalogued.latitude).toBeCloseTo(latitude!, 6);
  expect(catalogued.longitude).toBeCloseTo(longitude!, 6);
  const earlier = line.proofs.length;

  await page.setViewportSize({ width: 375, height: 812 });
  await useSessionInPage(page, owner);
  await page.goto('/partner/proofs');
  await expect(page.getByRole('heading', { name: 'Proof of posting', level: 1 })).toBeVisible();
  const card = page.locator(`[data-testid="proof-line"][data-line-id="${line.id}"]`);
  await expect(card).toBeVisible();
  const input = card.locator('input[type="file"][capture]');

  // 1. Taken at the site (about 80 m north), now: Verified.
  const near = await photoAt(latitude! + 80 / 111_195, longitude!);
  await input.setInputFiles({ name: 'near.jpg', mimeType: 'image/jpeg', buffer: near });
  await expect(card.getByTestId('proof-card')).toHaveCount(earlier + 1, { timeout: 20_000 });
  // The newest first on the console.
  await expect(card.getByTestId('proof-card').first().getByTestId('proof-verdict')).toHaveText('Verified');

  // 2. A different photo taken 2 km north: Unverified, with the distance as the reason.
  const far = await photoAt(latitude! + 2000 / 111_195, longitude!);
  await input.setInputFiles({ name: 'far.jpg', mimeType: 'image/jpeg', buffer: far });
  await expect(card.getByTestId('proof-card')).toHaveCount(earlier + 2, { timeout: 20_000 });
  const newest = card.getByTestId('proof-card').first();
  await expect(newest.getByTestId('proof-verdict')).toHaveText('Unverified');
  await expect(newest.getByTestId('proof-reason')).toHaveText(['2.0 km from the site']);
  await expect(card.getByTestId('proof-card').nth(1).getByTestId('proof-verdict')).toHaveText('Verified');
  await expect(newest.getByRole('img', { name: `Proof photo of ${line.site.name}` })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: '.tmp/screens/proof-of-posting-owner-375.png', fullPage: true });

  // The buyer: My Orders, Ongoing, the order, both proofs with their verdicts.
  const buyerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    const buyerPage = await buyerContext.newPage();
    const buyer = await apiSignIn(buyerPage.request, BUYER_PHONE);
    await useSessionInPage(buyerPage, buyer);
    await buyerPage.goto('/my-orders');
    await buyerPage.getByRole('tab', { name: 'Ongoing Campaigns' }).click();
    await buyerPage.getByRole('link', { name: new RegExp(`^View order ${line.order_id}:`) }).click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: `Order #${line.order_id}` })).toBeVisible({
      timeout: 15_000,
    });
    const proofs = buyerPage.getByRole('region', { name: `Proof of posting: ${line.site.name}` });
    const cards = proofs.getByTestId('proof-card');
    // Oldest first on the order page: the near photo, then the far one.
    await expect(cards).toHaveCount(earlier + 2);
    await expect(cards.nth(earlier).getByTestId('proof-verdict')).toHaveText('Verified');
    await expect(cards.nth(earlier + 1).getByTestId('proof-verdict')).toHaveText('Unverified');
    await expect(cards.nth(earlier + 1).getByTestId('proof-reason')).toHaveText(['2.0 km from the site']);
    const photos = cards.getByRole('img', { name: `Proof photo of ${line.site.name}` });
    await expect
      .poll(() => photos.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toEqual(Array(earlier + 2).fill(true));
    await noSidewaysScroll(buyerPage);
    // From the top, so the sticky header is not drawn across the middle of the full-page picture.
    await buyerPage.evaluate(() => window.scrollTo(0, 0));
    await buyerPage.screenshot({ path: '.tmp/screens/proof-of-posting-buyer-375.png', fullPage: true });
  } finally {
    await buyerContext.close();
  }
});
