import { mkdirSync } from 'node:fs';
import { addDays, todayIst } from '@ooh/shared';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, approvedOwner, call, liveSite, type Session, uniqueTag } from './support/partners';

/**
 * Issue 48, an owner's pricing (DESIGN 20, decisions 081 and 090): seasons for every site or chosen ones,
 * volume discounts and packages are added and deleted with plain forms, so they work with scripts off
 * (DESIGN 2 "Usable before hydration"), and the price a buyer is quoted follows them.
 */

const SCREENS = '.tmp/screens';

async function signedIn(context: BrowserContext, session: Session, baseURL: string) {
  await context.addCookies([
    { name: 'ooh_session', value: session.cookie, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'ooh_signed_in', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/pricing-${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('with scripts off, an owner adds a season for one site and a package, and the buyer is quoted them', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const junction = await liveSite(request, owner, `Junction ${tag}`);
  const highway = await liveSite(request, owner, `Highway ${tag}`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedIn(context, owner, baseURL!);
  const page = await context.newPage();
  const first = addDays(todayIst(new Date()), 30);
  const last = addDays(first, 9);

  await page.goto('/partner/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing rules' })).toBeVisible();

  // A refused season keeps what was typed and says which field is wrong.
  const season = page.getByRole('form', { name: 'Add a season' });
  await season.getByRole('textbox', { name: /^Name/ }).fill(`Fair ${tag}`);
  await season.getByRole('textbox', { name: /^Percent/ }).fill('ten');
  await season.getByRole('checkbox', { name: new RegExp(`Junction ${tag}`) }).check();
  await season.getByRole('button', { name: 'Add season' }).click();
  const refused = page.getByRole('form', { name: 'Add a season' });
  await expect(refused.getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(refused.getByRole('textbox', { name: /^Name/ })).toHaveValue(`Fair ${tag}`);
  await expect(refused.getByRole('checkbox', { name: new RegExp(`Junction ${tag}`) })).toBeChecked();

  await refused.getByRole('textbox', { name: /^Percent/ }).fill('20');
  await refused.getByLabel('First day').fill(first);
  await refused.getByLabel('Last day').fill(last);
  await refused.getByRole('button', { name: 'Add season' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added Fair ${tag}` })).toContainText(
    'on 1 chosen site',
  );
  const rules = page.getByRole('region', { name: 'Your seasons and discounts' });
  await expect(rules).toContainText(`Sites: Junction ${tag}`);

  // The season is on the junction's price only (+20 % on 10 days of ₹1,500).
  const quote = async (id: number) => {
    const res = await request.get(`/api/product/${id}/price?from_date=${first}&to_date=${addDays(last, 1)}`);
    return ((await res.json()) as { total: number }).total;
  };
  expect(await quote(junction.id)).toBe(18_000);
  expect(await quote(highway.id)).toBe(15_000);

  // A package of both sites for the same ten days at one price.
  const pack = page.getByRole('form', { name: 'Add a package' });
  await pack.getByRole('textbox', { name: /^Name/ }).fill(`Pair ${tag}`);
  await pack.getByRole('textbox', { name: /^Price/ }).fill('25,000');
  await pack.getByLabel('First day').fill(first);
  await pack.getByLabel('Last day').fill(last);
  await pack.getByRole('checkbox', { name: new RegExp(`Junction ${tag}`) }).check();
  await pack.getByRole('checkbox', { name: new RegExp(`Highway ${tag}`) }).check();
  await pack.getByRole('button', { name: 'Add package' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added the package Pair ${tag}` })).toBeVisible();
  const packages = page.getByRole('region', { name: 'Your packages' });
  await expect(packages).toContainText('₹25,000.00 before GST');
  await expect(packages).toContainText(`2 sites: Junction ${tag}, Highway ${tag}`);
  await shoot(page, 'console');

  // Both sites for exactly its dates are priced as the package.
  const buyer = await apiSignIn(request);
  const validated = await call(request, buyer, 'POST', '/api/booking/validate', {
    data: [junction, highway].map((s) => ({
      product_id: s.id,
      from_date: first,
      to_date: addDays(last, 1),
      customized: false,
    })),
    expected: 200,
  });
  expect(((await validated.json()) as { amount: number }).amount).toBe(25_000);

  // Deleted with a plain form too (no question asked without scripts).
  await rules.getByRole('button', { name: `Delete Fair ${tag}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Fair ${tag} was deleted` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your seasons and discounts' })).not.toContainText(
    `Fair ${tag}`,
  );
  expect(await quote(junction.id)).toBe(15_000);
  await context.close();
});

test('with scripts on, a volume discount added right after the page appears is kept', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await approvedOwner(request);
  const context = await browser.newContext();
  await signedIn(context, owner, baseURL!);
  const page = await context.newPage();
  const tag = uniqueTag();
  await page.goto('/partner/pricing');
  // A person types as soon as the form shows, scripts or not.
  const volume = page.getByRole('form', { name: 'Add a volume discount' });
  await volume.getByRole('textbox', { name: /^Name/ }).fill(`Five ${tag}`);
  await volume.getByRole('textbox', { name: /^Discount/ }).fill('10');
  await volume.getByRole('textbox', { name: /^Sites in one order/ }).fill('5');
  await volume.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added Five ${tag}` })).toContainText(
    '10 % off for 5 or more of your sites in one order',
  );
  await expect(page.getByRole('region', { name: 'Your seasons and discounts' })).toContainText(`Five ${tag}`);
  // The form is empty for the next one.
  await expect(
    page.getByRole('form', { name: 'Add a volume discount' }).getByRole('textbox', { name: /^Name/ }),
  ).toHaveValue('');
  await context.close();
});
