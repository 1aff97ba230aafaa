import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';
import { pickFirstDates } from './support/booking';
import { approvedOwner, liveSite, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Holds (issue 49, decision 082): a buyer holds a site's dates from its page; another buyer sees "On hold
 * until ..." there and asks for the dates; the holder finds the hold in My Orders, Holds, and releases it;
 * the other buyer then sees the site free. The owner's bookings list shows the hold apart from paid
 * bookings (decision 084). The pages are photographed at 375, 768 and 1280 px.
 */

const SCREENS = '.tmp/screens';

async function signedInPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, randomPhone(), { open: true });
  return page;
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/holds-${name}-${width}.png`, fullPage: true });
  }
}

test('hold a site, another buyer sees it on hold and asks, the holder releases it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Holding Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  // 1. The holder picks dates on the site's page and holds them.
  const holder = await signedInPage(browser);
  await holder.goto(`/product/${site.id}`);
  await expect(holder.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await pickFirstDates(holder);
  await holder.getByRole('button', { name: 'Hold these dates' }).click();
  await expect(holder.getByText(`${siteName} is held for you until`)).toBeVisible();
  await expect(holder.getByTestId('on-hold')).toContainText('On hold until');

  // 2. Another buyer sees the hold on the page and asks the holder for the dates.
  const other = await signedInPage(browser);
  await other.goto(`/product/${site.id}`);
  const onHold = other.getByTestId('on-hold');
  await expect(onHold).toContainText(/On hold until \d+ \w+ \d{4}/, { timeout: 30_000 });
  await shoot(other, 'product');
  await onHold.getByRole('button', { name: 'Ask for these dates' }).click();
  await expect(other.getByText('The holder has been asked for these dates.')).toBeVisible();
  await expect(onHold).toContainText('Another buyer has asked the holder');

  // 2b. The owner's bookings list shows the hold apart from paid bookings, server-rendered.
  const own = await (await browser.newContext()).newPage();
  await useSessionInPage(own, owner);
  await own.goto('/partner/bookings');
  const held = own.getByTestId('partner-hold').filter({ hasText: siteName });
  await expect(held).toContainText(/On hold until \d+ \w+ \d{4}/, { timeout: 30_000 });
  await expect(held).toContainText('Another buyer asked');
  await expect(own.getByRole('heading', { name: 'On hold, not paid (1)' })).toBeVisible();
  await shoot(own, 'partner-bookings');
  await own.context().close();

  // 3. The holder reads it in My Orders, Holds, and releases the dates.
  await holder.goto('/my-orders?tab=holds');
  const card = holder.getByTestId(/^hold-\d+$/).filter({ hasText: siteName });
  await expect(card).toContainText('Another buyer asked', { timeout: 30_000 });
  await expect(card).toContainText('Book or release by');
  await shoot(holder, 'my-orders');
  await card.getByRole('button', { name: `Release the hold of ${siteName}` }).click();
  await expect(card).toContainText('Released');
  await expect(card.getByRole('button', { name: /Release/ })).toHaveCount(0);

  // 4. The other buyer finds the site free again.
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId('on-hold')).toHaveCount(0);
});
