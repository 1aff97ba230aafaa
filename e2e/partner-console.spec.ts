import { addDays, earliestStartDate, type IsoDate, type Product } from '@ooh/shared';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible as strictAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';
import {
  dayCell,
  fillBuyerDetails,
  monthLabel,
  openCalendar,
  pickFirstDates,
  placeOrderAndPay,
  showMonth,
} from './support/booking';
import {
  application,
  approvedOwner,
  jpegPhoto,
  liveSite,
  operatorSession,
  type Session,
  siteFields,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 11 journeys: the marketplace's other side. Each journey makes its own media owner, sites and buyer
 * (names carry a random tag), so journeys never depend on one another's data.
 */

/**
 * The axe check of every console page. JOURNEY_A11Y=soft (for finding every problem of a screen that is
 * still being built in one run) reports violations as soft failures and goes on.
 */
async function expectAccessible(page: Page, label: string): Promise<void> {
  if (process.env.JOURNEY_A11Y !== 'soft') return strictAccessible(page, label);
  try {
    await strictAccessible(page, label);
  } catch (err) {
    expect.soft(String(err), label).toBe('');
  }
}

/** A page of its own (own session storage) for a second person in the same journey. */
async function pageFor(browser: Browser, session?: Session): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (session) await useSessionInPage(page, session);
  return page;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the row naming `name` in a back-office queue and approves it in its dialog. */
async function approveInQueue(ops: Page, path: string, name: string, done: RegExp): Promise<void> {
  await ops.goto(path);
  const row = ops.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expectAccessible(ops, `ops ${path}`);
  await row.click();
  const dialog = ops.getByRole('dialog', { name: new RegExp(escapeRegExp(name)) });
  await expect(dialog).toBeVisible();
  await expectAccessible(ops, `ops ${path}, the review dialog`);
  // An owner that shares a GSTIN, PAN or bank account with another (every test owner does) is approved only
  // with a reason, asked for in a dialog of its own (decision 066).
  await dialog.getByRole('button', { name: /^Approve(…)?$/ }).click();
  const why = ops.getByRole('dialog', { name: /^Approve / });
  await expect(why.or(dialog.getByText(done))).toBeVisible({ timeout: 20_000 });
  if (await why.isVisible()) {
    await why.getByLabel('Reason').fill('Checked: a sister company with its own bank account');
    await why.getByRole('button', { name: 'Approve', exact: true }).click();
  }
  await expect(dialog.getByText(done)).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A form field by its label (a required field's label ends in an asterisk). */
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}( \\*)?$`) });

/** Fills the application form; answers the bank account number typed (its own for each run). */
async function fillApplication(page: Page, companyName: string): Promise<string> {
  const v = application(companyName);
  const values: Array<[string, string]> = [
    ['Company name', v.company_name],
    ['GSTIN', v.gstin],
    ['PAN', v.pan],
    ['Address line 1', v.address_line_1],
    ['City', v.city],
    ['State', v.state],
    ['PIN code', v.pin],
    ['Contact name', v.contact_name],
    ['Mobile number', v.contact_phone],
    ['Email', v.contact_email],
    ['IFSC', v.ifsc],
    ['Account number', v.account_number],
  ];
  for (const [label, value] of values) await field(page, label).fill(value);
  return v.account_number;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) })
    .selectOption({ label: option });
}

async function fillSite(page: Page, name: string): Promise<void> {
  const v = siteFields(name);
  const values: Array<[string, string]> = [
    ['Name', v.name],
    ['Width', String(v.width_ft)],
    ['Height', String(v.height_ft)],
    ['Price a day', String(v.price)],
    ['Minimum booking', String(v.booking_duration)],
    ['Address', v.address],
    ['City', v.city],
    ['District', v.district],
    ['State', v.state],
    ['PIN code', v.pin_code],
    ['Latitude', String(v.latitude)],
    ['Longitude', String(v.longitude)],
  ];
  for (const [label, value] of values) await field(page, label).fill(value);
  await choose(page, 'Category', 'Hoarding');
  await choose(page, 'Lighting', 'Front Lit');
}

test('apply, approved, a site with a photo, approved, found and booked by a buyer, seen on the calendar', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const tag = uniqueTag();
  const companyName = `Journey Outdoor ${tag}`;
  const siteName = `Journey Hoarding ${tag}`;

  // 1. A signed-in user applies at /partner.
  await signIn(page, randomPhone(), { open: true });
  await page.goto('/partner');
  await expect(field(page, 'Company name')).toBeVisible({ timeout: 30_000 });
  const accountNumber = await fillApplication(page, companyName);
  await expectAccessible(page, 'partner application form');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your application is under review' })).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByText('Pending review')).toBeVisible();
  await expect(page.getByText(`•••• ${accountNumber.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(accountNumber)).toHaveCount(0);
  await expectAccessible(page, 'partner application pending');

  // 2. The operator approves it in the media owners queue.
  const ops = await pageFor(browser, await operatorSession(request));
  await approveInQueue(ops, '/ops/media-owners', companyName, /^Approved\./);

  // 3. The owner, now approved, creates a site with a photo and submits it for review.
  await page.goto('/partner/sites/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a site' })).toBeVisible({ timeout: 30_000 });
  await fillSite(page, siteName);
  await expectAccessible(page, 'partner new site');
  await page.getByRole('button', { name: 'Save and add photos' }).click();
  await expect(page).toHaveURL(/\/partner\/sites\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
  const siteId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await page.getByLabel('Choose photos').setInputFiles({
    name: 'hoarding.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegPhoto(),
  });
  await expect(page.getByRole('img', { name: 'Photo 1 (cover)' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('In review', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'partner site with a photo, in review');

  // 4. The operator approves the site: it goes live.
  await approveInQueue(ops, '/ops/sites', siteName, /the site is now live/);
  await ops.context().close();

  // 5. A buyer finds it by name on /products and books it: dates, checkout, the sandbox payment.
  const buyer = await pageFor(browser);
  await signIn(buyer, randomPhone(), { open: true });
  await buyer.goto('/products');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Advertising Sites' })).toBeVisible({
    timeout: 30_000,
  });
  await buyer.getByRole('searchbox', { name: 'Search sites' }).fill(tag);
  const card = buyer.getByRole('article');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card).toContainText(siteName);
  await card.getByRole('link').first().click();
  await expect(buyer).toHaveURL(new RegExp(`/product/${siteId}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await pickFirstDates(buyer);
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer).toHaveURL(/\/user-details/, { timeout: 30_000 });
  const buyerCompany = `Buyer Foods ${tag}`;
  await fillBuyerDetails(buyer, buyerCompany);
  await placeOrderAndPay(buyer);
  await buyer.context().close();

  // 6. The owner sees the booking in the bookings list and on the calendar.
  await page.goto('/partner/bookings');
  const booking = page
    .getByRole('table', { name: 'Paid bookings' })
    .getByRole('row')
    .filter({ hasText: siteName });
  await expect(booking).toBeVisible({ timeout: 30_000 });
  await expect(booking).toContainText(buyerCompany);
  await expectAccessible(page, 'partner bookings');
  await page.goto('/partner/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
  const bookedDays = await page.request
    .get(`/api/product/${siteId}`)
    .then(async (r) => ((await r.json()) as Product).unavailable_dates);
  expect(bookedDays.length).toBeGreaterThan(0);
  await showCalendarMonth(page, bookedDays[0] as IsoDate);
  await expect(page.getByRole('listitem').filter({ hasText: siteName }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, 'partner calendar');
});

/** Moves the console calendar forward until it shows the month of `iso` (its "Month YYYY" heading). */
async function showCalendarMonth(page: Page, iso: IsoDate): Promise<void> {
  const title = monthLabel(iso);
  for (let i = 0; i < 3; i++) {
    if (await page.getByRole('heading', { level: 2, name: title, exact: true }).isVisible()) return;
    await page.getByRole('button', { name: 'Next month', exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

/** Types a date into an MUI date field (en-GB: day, month, year) section by section. */
async function typeDate(scope: Locator, label: string, iso: IsoDate): Promise<void> {
  const group = scope.getByRole('group', { name: new RegExp(`^${escapeRegExp(label)}`) });
  await group.getByRole('spinbutton').first().click();
  await scope.page().keyboard.type(`${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`);
}

test("blocked dates: the owner blocks days on a live site, the buyer's picker disables them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const siteName = `Journey Block ${tag}`;
  const site = await liveSite(request, owner, siteName);

  // A 3-day block 10 days after the first day a buyer may start (a fresh site has no other bookings).
  const product = (await (await request.get(`/api/product/${site.id}`)).json()) as Product;
  expect(product.unavailable_dates).toEqual([]);
  const from = addDays(earliestStartDate(), 10);
  const to = addDays(from, 2);
  const buyerView = await pageFor(browser);

  // The owner blocks them in the console's calendar.
  await useSessionInPage(page, owner);
  await page.goto('/partner/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Block dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block dates' });
  await expect(dialog).toBeVisible();
  // A native select: its option reads "name (code)", so the site is picked by the value of the option named so.
  const sitePicker = dialog.getByRole('combobox', { name: /^Site/ });
  const siteValue = await sitePicker
    .locator('option', { hasText: new RegExp(`^${escapeRegExp(siteName)}`) })
    .getAttribute('value');
  if (!siteValue) throw new Error(`No option for ${siteName} in the Site list`);
  await sitePicker.selectOption(siteValue);
  await typeDate(dialog, 'First day', from);
  await typeDate(dialog, 'Last day', to);
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Maintenance: new flex');
  await expectAccessible(page, 'partner block dates');
  await dialog.getByRole('button', { name: 'Block dates' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await showCalendarMonth(page, from);
  await expect(page.getByRole('listitem').filter({ hasText: 'Maintenance: new flex' })).toBeVisible();
  await expectAccessible(page, 'partner calendar with a block');

  // The buyer's start picker now disables exactly those days; the days around them stay open.
  await buyerView.goto(`/product/${site.id}`);
  await expect(buyerView.getByRole('heading', { level: 1, name: product.name })).toBeVisible({
    timeout: 30_000,
  });
  const after = await openCalendar(buyerView, 'Choose start date');
  await showMonth(after, from);
  for (const day of [from, addDays(from, 1), to]) {
    if (day.slice(0, 7) === from.slice(0, 7)) await expect(dayCell(after, day)).toBeDisabled();
  }
  await expectAccessible(buyerView, 'product page with blocked dates');
  await buyerView.context().close();
});

test('CSV import: the template, a file with good and bad rows, the per-row report, two new pending sites', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  await useSessionInPage(page, owner);
  await page.goto('/partner/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import sites' })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'partner import');

  // The template: a CSV whose header names the site fields.
  const download = page.waitForEvent('download');
  await page
    .getByRole('link', { name: /template/i })
    .or(page.getByRole('button', { name: /template/i }))
    .click();
  const template = await download;
  const header = (await streamText(await template.createReadStream())).split(/\r?\n/)[0];
  expect(header).toContain('name');
  const columns = header.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));

  const row = (values: Record<string, string | number>) =>
    columns.map((c) => csvCell(String(values[c] ?? ''))).join(',');
  const good = (n: number) => {
    const f = siteFields(`Journey Import ${tag} ${n}`);
    return row({ ...f, site_code: `IMP-${tag}-${n}` } as Record<string, string | number>);
  };
  const csv = [
    header,
    good(1),
    row({ ...siteFields(`Journey Import ${tag} bad price`), price: 'lots' } as Record<
      string,
      string | number
    >),
    good(2),
    row({ ...siteFields(`Journey Import ${tag} bad pin`), pin_code: '12' } as Record<
      string,
      string | number
    >),
  ].join('\n');

  await page.getByLabel('CSV file').setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // The report: each bad row with its line, column and message; nothing written yet.
  await expect(page.getByText('4 rows', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 valid', { exact: true })).toBeVisible();
  await expect(page.getByText('2 with errors', { exact: true })).toBeVisible();
  const report = page.getByRole('table', { name: 'Problems found in the file' });
  const problem = (line: number) =>
    report.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(problem(3)).toContainText('price');
  await expect(problem(3)).toContainText('Price must be a number');
  await expect(problem(5)).toContainText('pin_code');
  await expect(problem(5)).toContainText('Enter a 6-digit PIN code');
  await expect(report.getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'partner import report');
  const listed = await page.request.get(`/api/partner/sites?search=${tag}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(((await listed.json()) as { count: number }).count).toBe(0);

  await page.getByRole('button', { name: 'Import 2 valid sites' }).click();
  await expect(page.getByText(/2 sites were imported and wait for review/)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'partner import done');
  await page.getByRole('link', { name: 'See your sites' }).click();

  // Both new sites are in the owner's list, in review.
  await expect(page).toHaveURL(/\/partner\/sites$/);
  const sites = page.getByRole('table', { name: 'Your sites' });
  for (const n of [1, 2]) {
    const site = sites.getByRole('row').filter({ hasText: `Journey Import ${tag} ${n}` });
    await expect(site).toBeVisible({ timeout: 30_000 });
    await expect(site).toContainText('In review');
  }
  await expect(page.getByText(`Journey Import ${tag} bad`)).toHaveCount(0);
  await expectAccessible(page, 'partner sites after import');
});

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
