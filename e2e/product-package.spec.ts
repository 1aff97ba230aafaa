import { addDays, todayIst } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiSignIn, approvedOwner, call, liveSite, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Issue 48, DESIGN section 20: a site in one of its owner's packages shows the package on its page
 * (rendered by the server), and "Add the package" puts every site with the package's dates in the cart,
 * which the server prices as the package ("Package: <name>" on each line).
 */

// Outside the runner's output folder, which each run empties.
const SCREENS = '.tmp/screens';

async function noSidewaysScroll(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('product-packages')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
    await page
      .getByTestId('product-packages')
      .screenshot({ path: `${SCREENS}/${name}-section-${width}.png` });
  }
}

test('a package on its sites’ pages, added to the cart in one go and priced as the package', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await approvedOwner(request);
  const tag = uniqueTag();
  const east = await liveSite(request, owner, `Package east ${tag}`);
  const west = await liveSite(request, owner, `Package west ${tag}`);
  const from = addDays(todayIst(), 14);
  const name = `Ring road pair ${tag}`;
  // 14 days of two ₹1,500 sites: ₹42,000 by the rate cards, ₹35,000 as the package.
  await call(request, owner, 'POST', '/api/partner/packages', {
    data: {
      name,
      product_ids: [east.id, west.id],
      from_date: from,
      to_date: addDays(from, 14),
      price: 35_000,
    },
    expected: 201,
  });

  // Rendered by the server: the package is in the page before any script runs.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const still = await plain.newPage();
  await still.goto(`/product/${west.id}`);
  const shown = still.getByRole('region', { name: 'Part of a package' });
  await expect(shown.getByRole('heading', { name })).toBeVisible();
  await expect(shown.getByRole('link', { name: new RegExp(`Package east ${tag}`) })).toBeVisible();
  await plain.close();

  const buyer = await apiSignIn(request);
  const page = await (await browser.newContext()).newPage();
  await useSessionInPage(page, buyer);
  await page.goto(`/product/${east.id}`);
  const section = page.getByRole('region', { name: 'Part of a package' });
  await expect(section.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('list', { name: `The 2 sites of ${name}` })).toContainText(
    `Package west ${tag}`,
  );
  await expect(section.getByTestId('package-price')).toHaveText('₹35,000.00 for all 2 sites before GST');
  await expect(section.getByTestId('package-saving')).toHaveText(
    "You save ₹7,000.00 against the sites' rate-card prices (₹42,000.00)",
  );
  await expect(section.getByTestId('package-dates')).toContainText('(14 days), exactly these dates');
  await expectAccessible(page, 'product page with a package');
  await noSidewaysScroll(page, 'product-package');

  await section.getByRole('button', { name: 'Add the package' }).click();
  await expect(section.getByRole('link', { name: 'The package is in your cart' })).toBeVisible({
    timeout: 20_000,
  });
  await section.getByRole('link', { name: 'The package is in your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // One campaign of both sites at the package's price; each line carries its share of it.
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('₹35,000.00').first()).toBeVisible();
  await page.getByRole('button', { name: '2 sites' }).click();
  await expect(page.getByText(`Package: ${name}`)).toHaveCount(2, { timeout: 30_000 });

  // Back on the cart later, with the server slow to price it: the breakdown it gave last time shows at
  // once from this browser's cart, never a placeholder, until the fresh answer comes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route('**/api/booking/validate', async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await page.reload();
  await page.getByRole('button', { name: '2 sites' }).click();
  // The fresh price is asked for and held: what shows meanwhile is the stored breakdown.
  await expect.poll(() => asked).toBe(1);
  await expect(page.getByText(`Package: ${name}`)).toHaveCount(2);
  await expect(page.getByTestId('price-breakdown-pending')).toHaveCount(0);
  release();
  await page.screenshot({ path: `${SCREENS}/cart-package-stored-1280.png`, fullPage: true });
  await page.context().close();
});
