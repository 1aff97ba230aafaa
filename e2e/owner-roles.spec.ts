import { addDays, todayIst } from '@ooh/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { randomPhone } from './support/auth';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  application,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  type Session,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 45, owners' screens (DESIGN 7): a field member reads sites, import and statements without an
 * editable form that fails only on Save; an owner opens a buyer's artwork at full size before approving it.
 */

const SCREENS = '.tmp/screens';

async function pageFor(browser: Browser, session: Session): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await useSessionInPage(page, session);
  return page;
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `no sideways scroll on ${what}`).toBeLessThanOrEqual(0);
}

test('a field member sees read-only site, Add-site, Import and Statements screens, never a form that fails on Save', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await approvedOwner(request);
  const siteName = `Field Gantry ${uniqueTag()}`;
  const site = await liveSite(request, admin, siteName);
  const phone = randomPhone();
  await call(request, admin, 'POST', '/api/partner/members', {
    data: { phone_number: phone, role: 'field' },
    expected: 201,
  });
  const field = await apiSignIn(request, phone);
  const page = await pageFor(browser, field);

  // The site: every detail readable, nothing to type into or save, no photo or status actions.
  await page.goto(`/partner/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Site details (read only)' });
  await expect(
    form.getByText(/^Read only: adding and editing sites is not available to field members/),
  ).toBeVisible();
  const name = form.getByRole('textbox', { name: /^Name/ }).first();
  await expect(name).toHaveValue(siteName);
  await expect(name).toHaveAttribute('readonly', '');
  await name.click();
  await page.keyboard.type('changed');
  await expect(name).toHaveValue(siteName);
  for (const button of [
    'Save changes',
    'Add photos',
    'Use my current location',
    'Pause',
    'Submit for review',
  ]) {
    await expect(page.getByRole('button', { name: button })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /^Delete photo/ })).toHaveCount(0);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(page, `the read-only site at ${width} px`);
    await page.screenshot({ path: `${SCREENS}/field-site-${width}.png`, fullPage: true });
  }

  // Add a site, Import and Statements say they are not for field members (not "could not be loaded").
  const notFor: Array<[string, string, RegExp]> = [
    ['/partner/sites/new', 'Add a site', /adding and editing sites is not available to field members/],
    ['/partner/import', 'Import sites', /importing sites is not available to field members/],
    ['/partner/statements', 'Statements', /Statements are not available to field members/],
  ];
  for (const [path, heading, words] of notFor) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(words)).toBeVisible();
    await expect(page.getByText(/could not load|try again/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save|Choose a CSV|Check the file/ })).toHaveCount(0);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noSidewaysScroll(page, `${path} at ${width} px`);
      await page.screenshot({ path: `${SCREENS}/field-${heading.replaceAll(' ', '-')}-${width}.png` });
    }
  }
  await page.context().close();
});

test('the owner opens the artwork at full size before approving it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await approvedOwner(request);
  const siteName = `Artwork Hoarding ${uniqueTag()}`;
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
  const art = await sharp({
    create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  await call(request, buyer, 'POST', `/api/orders/${orderId}/lines/${order.lines[0].id}/creative`, {
    multipart: { file: { name: 'sale-2x1.jpg', mimeType: 'image/jpeg', buffer: art } },
    expected: 201,
  });

  const page = await pageFor(browser, owner);
  await page.goto('/partner/creatives');
  const card = page.getByRole('article', { name: siteName });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await card
    .getByRole('button', { name: `View the artwork for ${siteName}, order ${orderId}, at full size` })
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Artwork for ${siteName}`) });
  await expect(dialog).toContainText('2400 × 1200 px');
  const full = dialog.getByRole('img', { name: `Artwork for ${siteName}, full size` });
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2400);
  await dialog.getByRole('button', { name: 'Actual size' }).click();
  await expect
    .poll(() => full.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width))
    .toBe(2400);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SCREENS}/artwork-full-size-${width}.png` });
  }
  await dialog.getByRole('button', { name: 'Fit to screen' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Seen at full size, then approved.
  await card.getByRole('button', { name: `Approve the artwork for ${siteName}, order ${orderId}` }).click();
  await expect(page.getByText(`Artwork for ${siteName} approved.`)).toBeVisible({ timeout: 20_000 });
  for (const width of [375, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await noSidewaysScroll(page, `the artwork page at ${width} px`);
  }
  await page.context().close();
});

test('the owner list shows "Suspended" and "Possible duplicate" whole at 375, 768 and 1280 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await approvedOwner(request);
  const mine = (await (await call(request, first, 'GET', '/api/partner/me', { expected: 200 })).json()) as {
    data: { gstin: string; pan: string };
  };
  const copycat = await apiSignIn(request);
  await call(request, copycat, 'POST', '/api/partner/apply', {
    data: { ...application(`Copycat ${uniqueTag()}`), gstin: mine.data.gstin, pan: mine.data.pan },
    expected: 201,
  });
  const operator = await operatorSession(request);
  await call(request, operator, 'POST', `/api/ops/media-owners/${first.ownerId}/suspend`, {
    data: { reason: 'Checking the GSTIN' },
    expected: 200,
  });
  const page = await pageFor(browser, operator);
  await page.goto('/ops/media-owners?status=suspended');
  const row = page.getByRole('row').filter({ hasText: first.companyName });
  await expect(row).toBeVisible({ timeout: 30_000 });
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const cell = row.getByRole('gridcell').filter({ hasText: 'Suspended' });
    await cell.scrollIntoViewIfNeeded();
    const box = (await cell.boundingBox())!;
    for (const chip of ['Suspended', 'Possible duplicate']) {
      const label = cell.getByText(chip, { exact: true });
      // The chip's text is drawn whole: not cut by its cell nor shortened by an ellipsis.
      const fits = await label.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, `${chip} whole at ${width} px`).toBe(true);
      const chipBox = (await label.boundingBox())!;
      expect(chipBox.x + chipBox.width, `${chip} inside its cell at ${width} px`).toBeLessThanOrEqual(
        box.x + box.width + 0.5,
      );
    }
    await page.screenshot({ path: `${SCREENS}/ops-media-owners-${width}.png` });
  }
  await call(request, operator, 'POST', `/api/ops/media-owners/${first.ownerId}/reinstate`, {
    data: { reason: 'Cleared' },
    expected: 200,
  });
  await page.context().close();
});
