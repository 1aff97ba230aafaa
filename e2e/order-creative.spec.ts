import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';
import { fillBuyerDetails, pickFirstDates, placeOrderAndPay } from './support/booking';
import { approvedOwner, liveSite, type Session, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Issue 12 (docs/product-rules.md section 9): a buyer pays, opens the order from the payment modal and uploads the
 * artwork; the media owner rejects it with a reason; the buyer reads the reason and uploads again; the
 * owner approves; the buyer sees "Creative approved". The order page is photographed at three widths.
 */

const SCREENS = '.tmp/screens';

/** A plain picture of the given size (the site is 40 x 20 ft: 2:1 fits, 16:9 does not). */
const picture = (width: number, height: number, format: 'jpeg' | 'png') => {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  return (format === 'jpeg' ? base.jpeg() : base.png()).toBuffer();
};

async function pageFor(browser: Browser, session?: Session): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (session) await useSessionInPage(page, session);
  return page;
}

test('the buyer uploads the artwork; the owner rejects it, then approves the new one', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const siteName = `Creative Road ${tag}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  // 1. The buyer books the site and pays; the modal names the order and leads to it.
  const buyer = await pageFor(browser);
  await signIn(buyer, randomPhone(), { open: true });
  await buyer.goto(`/product/${site.id}`);
  await expect(buyer.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await pickFirstDates(buyer);
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer).toHaveURL(/\/user-details/, { timeout: 30_000 });
  await fillBuyerDetails(buyer, `Creative Foods ${tag}`);
  await placeOrderAndPay(buyer);
  const success = buyer.getByRole('dialog', { name: 'Payment Successful' });
  await expect(success).toContainText(/Order #\d+/);
  const orderNumber = (await success.getByText(/Order #\d+/).textContent())?.match(/\d+/)?.[0];
  await success.getByRole('button', { name: 'View order' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/my-orders/${orderNumber}$`));

  // 2. The order page: header, totals, the line; the artwork goes up and its shape is questioned.
  await expect(buyer.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(buyer.getByRole('definition').filter({ hasText: '₹' }).first()).toBeVisible();
  const line = buyer.getByRole('article', { name: siteName });
  await expect(line.getByTestId('creative-status')).toHaveText('Not uploaded yet');
  await line.locator('input[type="file"]').setInputFiles({
    name: 'diwali-16x9.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1600, 900, 'jpeg'),
  });
  await expect(line.getByTestId('creative-status')).toHaveText('Waiting for review', { timeout: 30_000 });
  await expect(line.getByTestId('creative-aspect-warning')).toContainText(
    'Your artwork is 16:9 (1.78); the site is 2:1 (2.00).',
  );
  const preview = line.getByRole('img', { name: `Artwork for ${siteName}` });
  await expect(preview).toBeVisible();
  // The private file is fetched with the token and really drawn (not a broken image showing its alt text).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(buyer, 'order page with artwork waiting for review');
  for (const width of [375, 768, 1280]) {
    await buyer.setViewportSize({ width, height: 900 });
    await expect(line.getByRole('img', { name: `Artwork for ${siteName}` })).toBeVisible();
    const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    await buyer.screenshot({ path: `${SCREENS}/order-page-${width}.png`, fullPage: true });
  }

  // 3. The owner rejects it with a reason in the console.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto('/partner/creatives');
  const card = ownerPage.getByRole('article', { name: siteName });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('16:9');
  await expectAccessible(ownerPage, 'partner artwork to review');
  await ownerPage.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByRole('button', { name: /^Approve the artwork/ })).toBeVisible();
  const ownerOverflow = await ownerPage.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(ownerOverflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0);
  await ownerPage.screenshot({ path: `${SCREENS}/partner-creatives-375.png`, fullPage: true });
  await ownerPage.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: /^Reject the artwork/ }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Reject the artwork' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  const reason = `Please use the 2:1 layout ${tag}`;
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByText(`Artwork for ${siteName} rejected`)).toBeVisible();
  await expect(ownerPage.getByRole('article', { name: siteName })).toHaveCount(0);

  // 4. The buyer reads the reason and uploads again.
  await buyer.reload();
  await expect(line.getByTestId('creative-rejection')).toContainText(reason, { timeout: 30_000 });
  await expect(line.getByTestId('creative-status')).toHaveText('Creative rejected');
  await expect(line.getByRole('button', { name: 'Upload again' })).toBeVisible();
  await line.locator('input[type="file"]').setInputFiles({
    name: 'diwali-2x1.png',
    mimeType: 'image/png',
    buffer: await picture(1200, 600, 'png'),
  });
  await expect(line.getByTestId('creative-status')).toHaveText('Waiting for review', { timeout: 30_000 });
  await expect(line.getByTestId('creative-aspect-warning')).toHaveCount(0);

  // 5. The owner approves the new artwork.
  await ownerPage.reload();
  const again = ownerPage.getByRole('article', { name: siteName });
  await expect(again).toContainText('diwali-2x1.png', { timeout: 30_000 });
  await again.getByRole('button', { name: /^Approve the artwork/ }).click();
  await expect(ownerPage.getByText(`Artwork for ${siteName} approved.`)).toBeVisible();
  await ownerPage.context().close();

  // 6. The buyer sees it approved, on the timeline too; upload is over.
  await buyer.reload();
  await expect(line.getByTestId('creative-status')).toHaveText('Creative approved', { timeout: 30_000 });
  await expect(line.getByRole('list', { name: `Status of ${siteName}` })).toContainText('Creative rejected');
  await expect(line.getByRole('button', { name: /Upload/ })).toHaveCount(0);

  // 7. My Orders links to the order.
  await buyer.goto('/my-orders?tab=upcoming');
  await buyer.getByRole('link', { name: new RegExp(`^View order ${orderNumber}:`) }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible({
    timeout: 30_000,
  });
  await buyer.context().close();
});

test("another buyer's order is not found", async ({ browser }) => {
  // Order 1 of the demo data belongs to nobody signed in here: the page says "not found", never whose.
  const page = await pageFor(browser);
  await signIn(page, randomPhone(), { open: true });
  await page.goto('/my-orders/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto('/my-orders/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await page.context().close();
});
