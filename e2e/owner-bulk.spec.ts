import { addDays, type IsoDate, todayIst } from '@ooh/shared';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  type Session,
  siteFields,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 22: the owner's working week in the console. Unsaved changes are asked about; 50 sites get a new
 * price from the grid; the rate card on many sites (issue 48); a block across sites is all or nothing
 * with the conflicts named; the sites export; the statements read at every width;
 * the operator checks a pin on the review map.
 */

// Outside the runner's output folder, which each run empties.
const SCREENS = '.tmp/screens';

async function pageFor(browser: Browser, session: Session): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useSessionInPage(page, session);
  return page;
}

async function typeDate(scope: Locator, label: string, iso: IsoDate): Promise<void> {
  const group = scope.getByRole('group', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  await group.getByRole('spinbutton').first().click();
  await scope.page().keyboard.type(`${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`);
}

/** Screenshots at a phone's, a tablet's and a laptop's width, none scrolling sideways. */
async function atEveryWidth(page: Page, name: string, ready: Locator) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ready).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
}

test('unsaved changes: a half-typed site is asked about on a menu link, Back and reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await approvedOwner(request);
  const page = await pageFor(browser, owner);
  await page.goto('/partner/sites');
  await expect(page.getByRole('heading', { level: 1, name: 'Your sites' })).toBeVisible({ timeout: 30_000 });
  // Into the form inside the app, so Back stays in the app too.
  await page.getByRole('link', { name: 'Add site' }).first().click();
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeVisible({ timeout: 30_000 });
  await name.fill('Half-typed hoarding');

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  // The console's menu: refused, the page and its text stay.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await expect.poll(() => asked.length).toBe(1);
  await expect(page).toHaveURL(/\/partner\/sites\/new$/);
  await expect(name).toHaveValue('Half-typed hoarding');
  // Back (the browser's button: a popstate in the app): refused, still here.
  await page.evaluate(() => window.history.back());
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(/\/partner\/sites\/new$/);
  await expect(name).toHaveValue('Half-typed hoarding');
  // Reload or close: the browser's own question.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toContain('beforeunload');
  await page.context().close();
});

test('the grid: a new price on 50 sites, a block across sites with the conflicts named, the export', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const owner = await approvedOwner(request);
  const tag = uniqueTag();
  for (let i = 0; i < 50; i += 1) {
    await call(request, owner, 'POST', '/api/partner/sites', {
      data: siteFields(`Grid ${tag} ${String(i).padStart(2, '0')}`),
      expected: 201,
    });
  }
  const page = await pageFor(browser, owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/partner/sites?search=${encodeURIComponent(`Grid ${tag}`)}`);
  await expect(page.getByText('50 sites')).toBeVisible({ timeout: 30_000 });
  // Select every site, page by page (20 a page): the selection is kept across pages.
  for (const pageNo of [1, 2, 3]) {
    if (pageNo > 1) await page.getByRole('button', { name: `Page ${pageNo}` }).click();
    await expect(
      page.getByRole('row').filter({ hasText: `Grid ${tag} ${String((pageNo - 1) * 20).padStart(2, '0')}` }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select every site on this page' }).check();
  }
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('50 sites selected')).toBeVisible();
  await bulk.getByRole('textbox', { name: 'Price in ₹' }).fill('2750');
  await bulk.getByRole('button', { name: 'Apply price' }).click();
  await expect(page.getByText('Prices changed: 50 of 50 changed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('cell', { name: '₹2,750.00' }).first()).toBeVisible();
  await expectAccessible(page, 'partner sites with bulk actions');

  // Two live sites, one already blocked for maintenance: the block across both is refused and names it.
  const blockTag = uniqueTag();
  const free = await liveSite(request, owner, `Block free ${blockTag}`);
  const taken = await liveSite(request, owner, `Block taken ${blockTag}`);
  const takenCode = (
    (await (
      await call(request, owner, 'GET', `/api/partner/sites/${taken.id}`, { expected: 200 })
    ).json()) as {
      data: { product_id: string };
    }
  ).data.product_id;
  const from = addDays(todayIst(), 20);
  const last = addDays(from, 2);
  await call(request, owner, 'POST', `/api/partner/sites/${taken.id}/blocks`, {
    data: { from_date: from, to_date: addDays(last, 1), reason: 'Maintenance' },
    expected: 201,
  });
  await page.goto(`/partner/sites?search=${blockTag}`);
  await expect(page.getByText('2 sites')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Select every site on this page' }).check();
  await page.getByRole('button', { name: 'Block dates…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block dates on 2 sites' });
  await typeDate(dialog, 'First day', from);
  await typeDate(dialog, 'Last day (included)', last);
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Sold offline');
  await expectAccessible(page, 'bulk block dialog');
  await dialog.getByRole('button', { name: 'Block dates' }).click();
  await expect(
    dialog.getByText('1 of the 2 selected sites cannot take these dates, so none was blocked:'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByRole('list', { name: 'Sites in the way' })).toContainText(takenCode);
  const blocks = await call(request, owner, 'GET', `/api/partner/sites/${free.id}/blocks`, { expected: 200 });
  expect(((await blocks.json()) as { data: unknown[] }).data).toEqual([]);
  // The last day shown, the day after sent: a block ending the day before the taken one goes through.
  await typeDate(dialog, 'First day', addDays(from, -3));
  await typeDate(dialog, 'Last day (included)', addDays(from, -1));
  await dialog.getByRole('button', { name: 'Block dates' }).click();
  await expect(page.getByText(/^Blocked .* on 2 sites\.$/)).toBeVisible({ timeout: 20_000 });

  // The export of the selection: the import template's columns.
  await page.getByRole('checkbox', { name: 'Select every site on this page' }).check();
  await page.getByRole('button', { name: /^Export \(2 selected\)/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (imports again)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sites-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await file.createReadStream()).toArray()).join('');
  // UTF-8 with a byte-order mark, so a spreadsheet opens it as UTF-8 (decision 078).
  expect(text.split('\r\n')[0]).toMatch(/^\uFEFFsite_code,name,description,category,price,/);
  expect(text).toContain(takenCode);

  await atEveryWidth(page, 'partner-sites', page.getByRole('heading', { level: 1, name: 'Your sites' }));
  await page.context().close();
});

test('the rate card on many sites: a rate one site cannot take is refused naming it, then set on all', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await approvedOwner(request);
  const tag = uniqueTag();
  const made: Array<{ id: number; product_id: string }> = [];
  for (const [name, price] of [
    [`Rates ${tag} dear`, 1500],
    [`Rates ${tag} cheap`, 800],
  ] as const) {
    const res = await call(request, owner, 'POST', '/api/partner/sites', {
      data: { ...siteFields(name), price },
      expected: 201,
    });
    made.push(((await res.json()) as { data: { id: number; product_id: string } }).data);
  }
  const page = await pageFor(browser, owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/partner/sites?search=${encodeURIComponent(`Rates ${tag}`)}`);
  await expect(page.getByText('2 sites')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Select every site on this page' }).check();
  await page.getByRole('button', { name: 'Rate card…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate card on 2 sites' });
  await dialog.getByRole('textbox', { name: /^Weekly rate/ }).fill('1000');
  await expectAccessible(page, 'bulk rate card dialog');
  await dialog.getByRole('button', { name: 'Apply rates' }).click();
  // ₹1,000 a day is above the cheap site's ₹800: refused, that site named, nothing changed.
  await expect(dialog.getByText(`${made[1]?.product_id}: The weekly rate is per day`)).toBeVisible({
    timeout: 20_000,
  });
  const before = await call(request, owner, 'GET', `/api/partner/sites/${made[0]?.id}`, { expected: 200 });
  expect(((await before.json()) as { data: { weekly_price: number | null } }).data.weekly_price).toBeNull();

  await dialog.getByRole('textbox', { name: /^Weekly rate/ }).fill('750');
  await dialog.getByRole('textbox', { name: /^Minimum booking/ }).fill('14');
  await dialog.getByRole('button', { name: 'Apply rates' }).click();
  await expect(page.getByText('Rate card changed: 2 of 2 changed.')).toBeVisible({ timeout: 20_000 });
  for (const site of made) {
    const res = await call(request, owner, 'GET', `/api/partner/sites/${site.id}`, { expected: 200 });
    expect((await res.json()) as { data: unknown }).toMatchObject({
      data: { weekly_price: 750, four_weekly_price: null, booking_duration: 14 },
    });
  }
  await page.context().close();
});

test('the statements page and the members page at every width; the operator sees the pin on the review map', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await approvedOwner(request);
  const page = await pageFor(browser, owner);
  await page.goto('/partner/statements');
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('statement-payout')).toHaveText('₹0.00');
  await atEveryWidth(page, 'partner-statements', page.getByTestId('statement-payout'));
  await expectAccessible(page, 'partner statements');

  await page.goto('/partner/sites/new');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('textbox', { name: 'Find a place (address or PIN code)' })
    .fill('FC Road, Pune 411004');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('Pin placed at the centre of PIN 411004. Drag it onto the site.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('distance-check')).toContainText('from the centre of Pune');
  await atEveryWidth(page, 'partner-site-form', page.getByTestId('distance-check'));
  await expectAccessible(page, 'partner site form with the place finder');
  page.on('dialog', (d) => void d.accept());
  await page.context().close();

  // A site waiting for review: the operator's dialog shows it on the map, with its distances.
  const created = await call(request, owner, 'POST', '/api/partner/sites', {
    data: siteFields(`Review ${uniqueTag()}`),
    expected: 201,
  });
  const siteName = ((await created.json()) as { data: { name: string } }).data.name;
  const ops = await pageFor(browser, await operatorSession(request));
  await ops.setViewportSize({ width: 1280, height: 900 });
  await ops.goto(`/ops/sites?status=draft&search=${encodeURIComponent(siteName)}`);
  const row = ops.getByRole('row').filter({ hasText: siteName });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog.getByTestId('review-distance')).toContainText('from the centre of Pune', {
    timeout: 20_000,
  });
  await expect(dialog.getByTestId('review-distance')).toContainText('from the centre of PIN 411004');
  await expectAccessible(ops, 'ops site review with its map');
  await atEveryWidth(ops, 'ops-site-review', dialog.getByTestId('review-distance'));
  await ops.context().close();
});
