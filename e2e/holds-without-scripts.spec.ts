import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';
import { approvedOwner, liveSite, uniqueTag } from './support/partners';

/**
 * The holds' buttons are real forms (decision 082, DESIGN 2 "Usable before hydration"): with scripts off, a
 * signed-in buyer holds a site's dates from its page (plain date fields stand in for the pickers), then
 * renews and releases the hold in My Orders, Holds; each form is answered by the page's route action, which
 * calls the API with the buyer's session on the server.
 */

const SCREENS = '.tmp/screens';

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/holds-no-scripts-${name}-${width}.png`, fullPage: true });
  }
}

/** An ISO day `days` after today (UTC; far enough ahead for any time zone and the site's rules). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('with scripts off, Hold, Renew and Release work as forms', async ({ browser, request }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Formal Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  // Signed in with scripts on (the sign-in page needs them), then the same session with scripts off.
  const signing = await browser.newContext();
  const signInPage = await signing.newPage();
  await signIn(signInPage, randomPhone(), { open: true });
  const session = await signing.storageState();
  await signing.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: session });
  const page = await context.newPage();

  // 1. Hold: the site's page with its plain date fields.
  await page.goto(`/product/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
  const controls = page.getByTestId('hold-controls');
  await controls.getByLabel('First day').fill(dayAhead(10));
  await controls.getByLabel('Last day').fill(dayAhead(39));
  await controls.getByRole('button', { name: 'Hold these dates' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${siteName} is held for you until` }),
  ).toBeVisible();
  await shoot(page, 'product');

  // 2. Renew and Release in My Orders, Holds.
  await page.goto('/my-orders?tab=holds');
  const card = page.getByTestId(/^hold-\d+$/).filter({ hasText: siteName });
  await expect(card).toContainText('Held');
  await card.getByRole('button', { name: `Renew the hold of ${siteName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${siteName}: hold renewed.` })).toBeVisible();
  const renewed = page.getByTestId(/^hold-\d+$/).filter({ hasText: siteName });
  await expect(renewed.getByRole('button', { name: /Renew/ })).toHaveCount(0);
  await renewed.getByRole('button', { name: `Release the hold of ${siteName}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${siteName}: the dates are released.` }),
  ).toBeVisible();
  await expect(page.getByTestId(/^hold-\d+$/).filter({ hasText: siteName })).toContainText('Released');
  await shoot(page, 'my-orders');
  await context.close();
});
