import { randomInt } from 'node:crypto';
import { addDays, type PartnerProofLine, type PayoutRow, type PayoutsResponse, todayIst } from '@ooh/shared';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  type Session,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Payouts released by verified proof (docs/product-rules.md, "Payouts"; decision 047), end to end on the
 * demo data: the seed's buyer 9999900007 paid for two sites of the demo owner 9999900001 from yesterday,
 * creatives approved, so proofs can be posted at once (a new booking starts a week out at the earliest).
 * A Verified proof releases its line's payout; an Unverified one waits for an operator, who accepts it; a
 * line the buyer cancels before release has its transfer reversed. Each side reads it on its own screen.
 * The first journey needs the demo order's lines to have their held payouts, as a paid order's lines do.
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

/** A random scene (never a near-duplicate of an earlier proof) taken a minute ago at the given place. */
async function photoAt(latitude: number, longitude: number): Promise<Buffer> {
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

async function payouts(request: APIRequestContext, who: Session, path: string): Promise<PayoutsResponse> {
  return (await (await call(request, who, 'GET', path, { expected: 200 })).json()) as PayoutsResponse;
}

/** The payout of one line as the owner's API answers it, once it is in `state` (transfers may settle a moment later). */
async function payoutOfLine(
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

async function postProof(request: APIRequestContext, owner: Session, line: PartnerProofLine, metres: number) {
  const photo = await photoAt(line.site.latitude! + metres / 111_195, line.site.longitude!);
  const res = await call(request, owner, 'POST', `/api/partner/lines/${line.id}/proofs`, {
    multipart: { file: { name: 'proof.jpg', mimeType: 'image/jpeg', buffer: photo } },
    expected: 201,
  });
  return ((await res.json()) as { data: { verified: boolean } }).data;
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `no sideways scroll on ${what}`).toBeLessThanOrEqual(0);
}

async function pageAs(browser: Browser, who: Session, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await useSessionInPage(page, who);
  return page;
}

test('a verified proof releases the payout; an unverified one waits for the operator, who accepts it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiSignIn(request, OWNER_PHONE);
  const operator = await operatorSession(request);

  // The demo order's lines whose payouts are still held (an earlier journey may have released one).
  const proofLines = (
    (await (await call(request, owner, 'GET', '/api/partner/proofs', { expected: 200 })).json()) as {
      data: PartnerProofLine[];
    }
  ).data.filter((l) => l.campaign_name === DEMO_CAMPAIGN && l.can_post_proof);
  const start = await payouts(request, owner, '/api/partner/payouts');
  const heldLines = proofLines.filter((l) =>
    start.payouts.some((p) => p.line_id === l.id && p.state === 'held'),
  );
  expect(heldLines.length, 'two demo lines with held payouts').toBeGreaterThanOrEqual(2);
  const [verifiedLine, unverifiedLine] = heldLines;

  // 1. A photo taken at the site, now: Verified, and the line's payout is released.
  expect((await postProof(request, owner, verifiedLine, 80)).verified).toBe(true);
  const released = await payoutOfLine(request, owner, verifiedLine.id, 'released');

  // 2. A photo 2 km away: Unverified; the payout waits for an operator's decision.
  expect((await postProof(request, owner, unverifiedLine, 2000)).verified).toBe(false);
  const waiting = await payoutOfLine(request, owner, unverifiedLine.id, 'held');
  expect(waiting.hold_reason).toBe('proof_unverified');

  // The owner's console: Payouts shows the released line, the other held and why.
  const ownerPage = await pageAs(browser, owner);
  await ownerPage.goto('/partner');
  await ownerPage
    .getByRole('navigation', { name: 'Media owner console' })
    .getByRole('tab', { name: 'Payouts' })
    .click();
  await expect(ownerPage.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const releasedRow = ownerPage.locator(`#payout-${released.id}`);
  await expect(releasedRow.getByTestId('payout-state')).toHaveText('Released');
  await expect(releasedRow).toContainText(/Released on \d{1,2} \w{3} \d{4}/);
  const waitingRow = ownerPage.locator(`#payout-${waiting.id}`);
  await expect(waitingRow.getByTestId('payout-state')).toHaveText('Held');
  await expect(waitingRow).toContainText('Proof could not be verified: our team is checking it');
  await expect(ownerPage.getByTestId('linked-account')).toContainText('Bank ••••');
  await expectAccessible(ownerPage, 'partner payouts');

  // 3. The operator: "Waiting on a proof decision" shows the photo; Accept with a reason releases it.
  const opsPage = await pageAs(browser, operator);
  await opsPage.goto('/ops/payouts');
  await opsPage.getByRole('tab', { name: 'Waiting on a proof decision' }).click();
  const card = opsPage.getByTestId('proof-decision').filter({ hasText: unverifiedLine.site.name });
  await expect(
    card.getByRole('img', { name: `Proof photo of ${unverifiedLine.site.name}` }).first(),
  ).toBeVisible();
  await card.getByRole('button', { name: `Accept the proof for ${unverifiedLine.site.name}` }).click();
  const dialog = opsPage.getByRole('dialog', { name: `Accept the proof for ${unverifiedLine.site.name}` });
  await dialog.getByRole('button', { name: 'Accept proof' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('The hoarding is in the photo; taken from the flyover');
  await dialog.getByRole('button', { name: 'Accept proof' }).click();
  await expect(opsPage.getByText(/^Proof accepted: ₹[\d,.]+ released to /)).toBeVisible();
  await expect(dialog).toBeHidden();
  await payoutOfLine(request, owner, unverifiedLine.id, 'released');
  await expectAccessible(opsPage, 'ops payouts, waiting on a proof decision');

  // The buyer of the demo order: the promise, and the released line says the owner was paid after proof.
  const demoBuyer = await apiSignIn(request, BUYER_PHONE);
  const buyerPage = await pageAs(browser, demoBuyer, 375);
  await buyerPage.goto(`/my-orders/${verifiedLine.order_id}`);
  await expect(buyerPage.getByTestId('payout-promise')).toHaveText(
    'The media owner is paid only after we verify the photo proof that your ad is up.',
  );
  await expectBuyerLineWords(
    request,
    demoBuyer,
    buyerPage,
    verifiedLine.order_id,
    verifiedLine.id,
    'Owner paid after proof verified',
  );
  await noSidewaysScroll(buyerPage, 'the buyer order page at 375 px');
  for (const p of [ownerPage, opsPage, buyerPage]) await p.context().close();
});

/** Where the order detail carries each line's payout_state, the line says it in the buyer's words. */
async function expectBuyerLineWords(
  request: APIRequestContext,
  buyer: Session,
  page: Page,
  orderId: number,
  lineId: number,
  words: string,
) {
  const detail = (await (
    await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })
  ).json()) as {
    lines: Array<{ id: number; payout_state?: string }>;
  };
  const line = page.getByTestId(`order-line-${lineId}`);
  await expect(line).toBeVisible();
  if (detail.lines.some((l) => l.payout_state))
    await expect(line.getByTestId('line-payout')).toHaveText(words);
  else await expect(line.getByTestId('line-payout')).toHaveCount(0);
}

test('a paid line is held until it starts; cancelled before release, its transfer is reversed', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await approvedOwner(request);
  const siteName = `Payout Road ${uniqueTag()}`;
  const site = await liveSite(request, owner, siteName);
  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const { orderId } = await apiPaidOrder(
    request,
    buyer,
    [
      {
        product_id: site.id,
        from_date: from,
        to_date: addDays(from, 7),
        campaign_id: null,
        customized: false,
      },
    ],
    1500 * 7,
  );
  const order = (await (
    await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })
  ).json()) as {
    lines: Array<{ id: number }>;
  };
  const lineId = order.lines[0].id;
  const held = await payoutOfLine(request, owner, lineId, 'held');
  expect(held.hold_reason).toBe('not_started');

  // The owner's bookings: the line's payout in a few words, linking to Payouts.
  const ownerPage = await pageAs(browser, owner);
  await ownerPage.goto('/partner/bookings');
  await ownerPage.getByRole('link', { name: 'Payout held: not started' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/partner/payouts#payout-${held.id}$`));
  await expect(ownerPage.locator(`#payout-${held.id}`)).toContainText('The booking has not started yet');

  // The buyer sees the promise and, where the API says it, that the owner waits for the proof.
  const buyerPage = await pageAs(browser, buyer);
  await buyerPage.goto(`/my-orders/${orderId}`);
  await expect(buyerPage.getByTestId('payout-promise')).toBeVisible();
  await expectBuyerLineWords(request, buyer, buyerPage, orderId, lineId, 'Waiting for proof');
  await expectAccessible(buyerPage, 'the buyer order page');
  for (const width of [375, 768, 1280]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(buyerPage, `the buyer order page at ${width} px`);
    await buyerPage.evaluate(() => window.scrollTo(0, 0));
    await buyerPage.screenshot({ path: `.tmp/screens/payouts-buyer-order-${width}.png`, fullPage: true });
  }

  // The buyer cancels the line 20 days ahead (a full refund): the held transfer is reversed in full.
  await call(request, buyer, 'POST', `/api/orders/${orderId}/cancel`, {
    data: { line_ids: [lineId], confirm: true },
    expected: 200,
  });
  const reversed = await payoutOfLine(request, owner, lineId, 'reversed');
  expect(reversed.amount).toBe(0);

  // The operator's ledger, filtered to that owner: the line reads Reversed, with no action left on it.
  const opsPage = await pageAs(browser, await operatorSession(request));
  await opsPage.goto(`/ops/payouts?owner=${owner.ownerId}`);
  const row = opsPage
    .getByRole('grid', { name: 'Payout ledger' })
    .getByRole('row')
    .filter({ hasText: siteName });
  await expect(row.getByTestId('payout-state')).toHaveText('Reversed');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The owner's Payouts page at a phone's width: the reversed line as a card.
  await ownerPage.setViewportSize({ width: 375, height: 900 });
  await ownerPage.goto('/partner/payouts');
  const reversedCard = ownerPage.locator(`#payout-${reversed.id}`);
  await expect(reversedCard.getByTestId('payout-state')).toHaveText('Reversed');
  await expect(reversedCard).toContainText('Reversed in full (booking refunded before release)');
  await expect(ownerPage.getByTestId('payout-total-reversed')).toHaveText(/^₹[1-9]/);
  await noSidewaysScroll(ownerPage, 'partner payouts at 375 px');
  await expectAccessible(ownerPage, 'partner payouts with a reversal');
  for (const p of [ownerPage, buyerPage, opsPage]) await p.context().close();
});

/*
 * The screens at phone, tablet and laptop widths, with every state in them at once. The payouts API's
 * answers are stubbed here (page.route) in the shapes of the shared contract, because a fresh database
 * has no released, reversed or recovered payout without days passing; the journey above drives the real
 * API. Screenshots go to .tmp/screens/payouts-*.png.
 */
const STUB_ROW: PayoutRow = {
  id: 1,
  order_id: 501,
  line_id: 9001,
  media_owner_id: 3,
  media_owner_name: 'Sahyadri Hoardings Pvt Ltd',
  site_id: 77,
  site_code: 'PN-HO-0077',
  site_name: 'FC Road Gantry, opposite Fergusson College main gate',
  first_day: '2026-12-01',
  last_day: '2026-12-28',
  state: 'held',
  share: 37_800,
  reversed: 0,
  amount: 37_800,
  recovered: 0,
  hold_reason: 'awaiting_proof',
  reason: null,
  flagged: false,
  transfer_id: null,
  utr: null,
  released_at: null,
  created_at: '2026-11-25T05:00:00.000Z',
};
const STUB: PayoutsResponse = {
  payouts: [
    { ...STUB_ROW, id: 1, line_id: 9001, flagged: true },
    {
      ...STUB_ROW,
      id: 2,
      line_id: 9002,
      site_name: 'Baner Road Unipole',
      site_code: 'PN-UP-0102',
      hold_reason: 'proof_unverified',
      created_at: '2026-11-24T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 3,
      line_id: 9003,
      site_name: 'Koregaon Park Bus Shelter',
      site_code: 'PN-BS-0031',
      state: 'released',
      hold_reason: null,
      transfer_id: 'trf_N3x8Lk2Qp0aZ1c',
      utr: 'HDFCN52026112312345',
      released_at: '2026-11-23T09:30:00.000Z',
      created_at: '2026-11-20T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 4,
      line_id: 9004,
      site_name: 'Hinjewadi Phase 1 Gantry',
      site_code: 'PN-GA-0007',
      state: 'reversed',
      hold_reason: null,
      reversed: 37_800,
      amount: 0,
      created_at: '2026-11-18T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 5,
      line_id: 9005,
      site_name: 'Aundh ITI Road Hoarding',
      site_code: 'PN-HO-0150',
      state: 'reversed',
      hold_reason: null,
      reversed: 10_800,
      amount: 27_000,
      created_at: '2026-11-16T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 6,
      line_id: 9006,
      site_name: 'Viman Nagar Mall Facade',
      site_code: 'PN-FA-0012',
      hold_reason: 'operator_hold',
      reason: 'Buyer disputes the artwork; checking with them',
      created_at: '2026-11-15T05:00:00.000Z',
    },
  ],
  recoveries: [
    {
      id: 9,
      payout_id: 3,
      order_id: 501,
      line_id: 9003,
      amount: 5_400,
      month: '2026-11',
      created_at: '2026-11-24T10:00:00.000Z',
    },
  ],
  totals: { held: 113_400, released: 37_800, reversed: 48_600, recovered: 5_400, net_paid: 32_400 },
  linked_account: { status: 'active', account_id: 'acc_Jk29XcP0', bank_account_last4: '9012' },
};

test('the payout screens read well at 375, 768 and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const photo = await photoAt(18.5204, 73.8567);
  const owner = await approvedOwner(request);
  const operator = await operatorSession(request);
  const stub = async (page: Page) => {
    await page.route('**/api/partner/payouts?*', (route) => route.fulfill({ json: STUB }));
    await page.route('**/api/partner/payouts', (route) => route.fulfill({ json: STUB }));
    await page.route(/\/api\/ops\/payouts(\?.*)?$/, (route) =>
      route.fulfill({
        json: route.request().url().includes('awaiting_decision=true')
          ? { ...STUB, payouts: [STUB.payouts[1]], recoveries: [] }
          : { ...STUB, linked_account: null },
      }),
    );
    await page.route('**/api/ops/orders/501/proofs', (route) =>
      route.fulfill({
        json: {
          data: [
            {
              line_id: 9002,
              site: { name: 'Baner Road Unipole', latitude: 18.5204, longitude: 73.8567 },
              proofs: [
                {
                  id: 71,
                  image_url: '/api/proofs/71/image',
                  taken_at: '2026-11-24T04:45:00.000Z',
                  latitude: 18.5384,
                  longitude: 73.8567,
                  distance_m: 2001,
                  camera: 'Apple iPhone 13',
                  exif_stripped: false,
                  verified: false,
                  reasons: [{ code: 'too_far', message: '2.0 km from the site' }],
                  uploaded_at: '2026-11-24T05:00:00.000Z',
                },
              ],
            },
          ],
        },
      }),
    );
    await page.route('**/api/proofs/*/image', (route) =>
      route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo }),
    );
    await page.route('**/api/partner/bookings?*', (route) =>
      route.fulfill({
        json: {
          count: 2,
          page: 1,
          page_size: 25,
          results: [9001, 9003].map((lineId, i) => ({
            line_id: lineId,
            order_id: 501,
            site_id: 77 + i,
            site_code: i ? 'PN-BS-0031' : 'PN-HO-0077',
            site_name: i
              ? 'Koregaon Park Bus Shelter'
              : 'FC Road Gantry, opposite Fergusson College main gate',
            buyer_company: 'Chai Point Brands Pvt Ltd',
            buyer_name: 'Priya Nair',
            from_date: '2026-12-01',
            to_date: '2026-12-29',
            days: 28,
            amount: 42_000,
            status: i ? 'running' : 'upcoming',
            paid_at: '2026-11-20T05:00:00.000Z',
          })),
        },
      }),
    );
  };

  for (const width of [375, 768, 1280]) {
    const ownerPage = await pageAs(browser, owner, width);
    await stub(ownerPage);
    await ownerPage.goto('/partner/payouts');
    // Each page's first answer gets a roomier wait: a busy machine draws a lazy screen slowly.
    await expect(ownerPage.getByTestId('payout-total-net-paid')).toHaveText('₹32,400.00', {
      timeout: 30_000,
    });
    await expect(ownerPage.getByTestId('payout-total-recovered')).toHaveText('\u2212₹5,400.00');
    await expect(ownerPage.getByTestId('payout-line')).toHaveCount(7);
    await expect(ownerPage.getByText('Reversed in part: ₹10,800.00 of ₹37,800.00')).toBeVisible();
    await noSidewaysScroll(ownerPage, `partner payouts at ${width} px`);
    await expectAccessible(ownerPage, `partner payouts at ${width} px`);
    await ownerPage.screenshot({ path: `.tmp/screens/payouts-owner-${width}.png`, fullPage: true });

    await ownerPage.goto('/partner/bookings');
    const chip = ownerPage.getByRole('link', { name: 'Payout held: awaiting proof' });
    // The bookings page asks for the owner's sites too: roomier on a busy machine.
    await expect(chip).toBeVisible({ timeout: 30_000 });
    await expect(ownerPage.getByRole('link', { name: 'Payout released' })).toBeVisible();
    await noSidewaysScroll(ownerPage, `partner bookings at ${width} px`);
    await ownerPage.screenshot({ path: `.tmp/screens/payouts-owner-bookings-${width}.png`, fullPage: true });
    await chip.click();
    await expect(ownerPage).toHaveURL(/\/partner\/payouts#payout-1$/);
    await ownerPage.context().close();

    const opsPage = await pageAs(browser, operator, width);
    await stub(opsPage);
    await opsPage.goto('/ops/payouts');
    // A table from 900 px, cards below.
    await expect(opsPage.getByRole(width >= 900 ? 'grid' : 'list', { name: 'Payout ledger' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(opsPage.getByTestId('payout-flagged')).toHaveCount(1);
    await expectAccessible(opsPage, `ops payouts at ${width} px`);
    await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-${width}.png`, fullPage: true });
    await opsPage.getByRole('button', { name: /^Release the payout for Baner Road Unipole/ }).click();
    await expect(opsPage.getByRole('dialog')).toBeVisible();
    await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-dialog-${width}.png` });
    await opsPage.getByRole('button', { name: 'Cancel' }).click();
    await opsPage.getByRole('tab', { name: 'Waiting on a proof decision' }).click();
    const card = opsPage.getByTestId('proof-decision');
    await expect(card.getByRole('img', { name: 'Proof photo of Baner Road Unipole' })).toBeVisible();
    await noSidewaysScroll(opsPage, `ops proof decisions at ${width} px`);
    await expectAccessible(opsPage, `ops proof decisions at ${width} px`);
    await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-awaiting-${width}.png`, fullPage: true });
    await opsPage.context().close();
  }
});
