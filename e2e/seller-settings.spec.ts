import { expect, test } from '@playwright/test';

/**
 * Issue 45 (docs/product-rules.md section 14, marketplace identity): the seller named in the settings
 * (COMPANY_NAME, COMPANY_EMAIL on this project's server) is in the server's HTML of the home page, the
 * terms and the footer, not only after scripts run and ask the API; the defaults appear nowhere.
 */
const SELLER = 'Hoarding Bharat Media LLP';
const DEFAULT_SELLER = 'AdSpace India Private Limited';

for (const path of ['/', '/terms-and-conditions', '/privacy-policy']) {
  test(`${path} names the seller from the settings in the server's HTML`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(SELLER);
    expect(html).toContain('hello@hoardingbharat.example');
    expect(html).not.toContain(DEFAULT_SELLER);
  });
}

test('with scripts off, the footer and the terms name the seller from the settings', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('contentinfo')).toContainText(SELLER);
  await expect(page.getByRole('main')).toContainText(SELLER);
  await expect(page.locator('body')).not.toContainText(DEFAULT_SELLER);
  await context.close();
});
