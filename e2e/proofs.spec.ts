import { earliestStartDate, type PartnerProofLine, type Proof } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openInApp } from './support/hydration';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  jpegPhoto,
  liveSite,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 12, proof of posting (docs/product-rules.md section 9, decision 029). The real journey: a buyer pays for a
 * week on an owner's new site; the owner's console lists the line under Proofs and says why no proof can
 * be posted yet. (A proof needs the line started and its creative approved: no booking starts before a
 * week from today, so posting itself is covered by the API tests with a moved clock; see the report.)
 */

/** A buyer's paid week on the site, starting at the earliest day a booking may start. */
async function paidLine(page: Page, siteId: number): Promise<number> {
  const buyer = await apiSignIn(page.request);
  const from = earliestStartDate();
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const { orderId } = await apiPaidOrder(
    page.request,
    buyer,
    [{ product_id: siteId, from_date: from, to_date: to, campaign_id: null, customized: false }],
    1500 * 7,
  );
  return orderId;
}

test('the owner sees a paid line under Proofs, with why no proof can be posted yet', async ({ page }) => {
  const owner = await approvedOwner(page.request);
  const name = `Proof Hoarding ${uniqueTag()}`;
  const site = await liveSite(page.request, owner, name);
  const orderId = await paidLine(page, site.id);

  // The API says the same as the screen will: the line is listed, a proof is refused with the reason.
  const lines = (await (
    await call(page.request, owner, 'GET', '/api/partner/proofs', { expected: 200 })
  ).json()) as {
    data: PartnerProofLine[];
  };
  const line = lines.data.find((l) => l.order_id === orderId);
  expect(line).toMatchObject({ can_post_proof: false, status: 'scheduled' });
  const refused = await call(page.request, owner, 'POST', `/api/partner/lines/${line!.id}/proofs`, {
    multipart: { file: { name: 'proof.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() } },
    expected: 409,
  });
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
    /Approve the creative before posting proof\./,
  );

  await useSessionInPage(page, owner);
  await page.goto('/partner');
  await page
    .getByRole('navigation', { name: 'Media owner console' })
    .getByRole('tab', { name: 'Proofs' })
    .click();
  await expect(page.getByRole('heading', { name: 'Proof of posting', level: 1 })).toBeVisible();
  const card = page.getByTestId('proof-line').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Booked')).toBeVisible();
  await expect(card.getByText(/Approve the creative before posting proof\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add proof photo' })).toHaveCount(0);
  await expectAccessible(page, 'partner proofs');
});

/*
 * The screen's upload and results in a real browser at phone, tablet and laptop widths. The API's answers
 * are stubbed here (page.route), because no line can have started yet on a fresh database; the answers
 * have the exact shapes the API tests check.
 */
const SITE = { latitude: 18.5204, longitude: 73.8567 };
const line: PartnerProofLine = {
  id: 9001,
  order_id: 501,
  site: {
    id: 77,
    name: 'FC Road Gantry',
    code: 'PN-HO-0077',
    city: 'Pune',
    address: 'FC Road, near the college gate',
    ...SITE,
  },
  campaign_name: 'Diwali sale',
  from_date: '2026-11-20',
  to_date: '2026-11-27',
  status: 'creative_approved',
  can_post_proof: true,
  blocked_reason: null,
  payout_released_by_proof_id: null,
  proofs: [],
};
const proof = (id: number, over: Partial<Proof>): Proof => ({
  id,
  image_url: `/api/proofs/${id}/image`,
  taken_at: '2026-11-21T04:45:00.000Z',
  latitude: SITE.latitude + 0.001,
  longitude: SITE.longitude,
  distance_m: 111,
  camera: 'Apple iPhone 13',
  exif_stripped: false,
  verified: true,
  reasons: [],
  uploaded_at: '2026-11-21T05:00:00.000Z',
  ...over,
});

test('the console uploads from the camera input and shows each result at once, at 375, 768 and 1280 px', async ({
  page,
}) => {
  const photo = await jpegPhoto();
  const answers = [
    proof(1, {}),
    proof(2, {
      latitude: SITE.latitude + 0.018,
      distance_m: 2001,
      verified: false,
      reasons: [{ code: 'too_far', message: '2.0 km from the site' }],
    }),
  ];
  let posted = 0;
  await page.route('**/api/partner/proofs', (route) => route.fulfill({ json: { data: [line] } }));
  await page.route('**/api/partner/lines/9001/proofs', (route) => {
    expect(route.request().method()).toBe('POST');
    expect(route.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
    return route.fulfill({ status: 201, json: { data: answers[posted++] } });
  });
  await page.route('**/api/proofs/*/image', (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo }),
  );
  const owner = await approvedOwner(page.request);
  await useSessionInPage(page, owner);
  await openInApp(page, '/partner/proofs');
  const card = page.getByTestId('proof-line');
  const input = card.locator('input[type="file"][capture]');
  await expect(input).toHaveAttribute('capture', 'environment');
  await expect(input).toHaveAttribute('accept', 'image/*');

  await input.setInputFiles({ name: 'near.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(card.getByTestId('proof-verdict').first()).toHaveText('Verified');
  await input.setInputFiles({ name: 'far.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The newest first: the far photo, Unverified with its reason.
  await expect(card.getByTestId('proof-verdict').first()).toHaveText('Unverified');
  await expect(card.getByTestId('proof-reason')).toHaveText(['2.0 km from the site']);
  await expect(card.getByTestId('proof-card')).toHaveCount(2);
  const photos = card.getByRole('img', { name: 'Proof photo of FC Road Gantry' });
  await expect(photos).toHaveCount(2);
  // Fetched with the session and drawn (the Content-Security-Policy lets the data: URL through).
  await expect
    .poll(() => photos.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)))
    .toEqual([800, 800]);
  await expect(card.getByTestId('proof-map')).toHaveCount(2);
  await expectAccessible(page, 'partner proofs with results');

  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screens/proofs-${width}.png`, fullPage: true });
  }
});
