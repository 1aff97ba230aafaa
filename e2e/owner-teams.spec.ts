import { addDays, todayIst } from '@ooh/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
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
  siteFields,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 22 (decision 046): an owner's team and the operator's trust checks, through the consoles.
 */

async function pageFor(browser: Browser, session: Session): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useSessionInPage(page, session);
  return page;
}

test('an admin invites a field member, who reads sites and posts proofs and nothing else', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await approvedOwner(request);
  const siteName = `Team Gantry ${uniqueTag()}`;
  const site = await liveSite(request, admin, siteName);
  const page = await pageFor(browser, admin);
  await page.goto('/partner/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible({ timeout: 30_000 });
  const phone = randomPhone();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Field' });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invited ${phone} as field.`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Members and invitations' }).getByText(phone)).toBeVisible();

  // The invitee signs in with that number: a field member of the owner.
  const field = await apiSignIn(request, phone);
  const roles = await call(request, field, 'GET', '/api/me/roles', { expected: 200 });
  expect(((await roles.json()) as { data: { media_owner: { role: string } } }).data.media_owner.role).toBe(
    'field',
  );
  await call(request, field, 'GET', `/api/partner/sites/${site.id}`, { expected: 200 });
  await call(request, field, 'GET', '/api/partner/proofs', { expected: 200 });
  await call(request, field, 'PATCH', `/api/partner/sites/${site.id}`, { data: { price: 1 }, expected: 403 });
  await call(request, field, 'GET', '/api/partner/members', { expected: 403 });
  await call(request, field, 'GET', '/api/partner/statements?month=2026-11', { expected: 403 });
  // In the console the field member reads the sites and reaches proofs; nothing to add, import or pay.
  const fieldPage = await pageFor(browser, field);
  await fieldPage.goto('/partner/sites');
  await expect(fieldPage.getByText(siteName).first()).toBeVisible({ timeout: 30_000 });
  for (const name of ['Add site', 'Import CSV', 'Upload photos']) {
    await expect(
      fieldPage.getByRole('link', { name }).or(fieldPage.getByRole('button', { name })),
    ).toHaveCount(0);
  }
  const nav = fieldPage.getByRole('navigation', { name: 'Media owner console' });
  await expect(nav.getByRole('tab', { name: 'Proofs' })).toBeVisible();
  await expect(nav.getByRole('tab', { name: 'Statements' })).toHaveCount(0);
  await expect(nav.getByRole('tab', { name: 'Payouts' })).toHaveCount(0);
  await fieldPage.context().close();

  // The members page reads at a phone's, a tablet's and a laptop's width without sideways scrolling.
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('button', { name: 'Invite' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `members page at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/test-results/partner-members-${width}.png`, fullPage: true });
  }
  await page.context().close();
});

test('bulk price change on 50 sites through the API the console uses', async ({ request }) => {
  test.setTimeout(300_000);
  const owner = await approvedOwner(request);
  const ids: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const created = await call(request, owner, 'POST', '/api/partner/sites', {
      data: siteFields(`Bulk ${uniqueTag()} ${i}`),
      expected: 201,
    });
    ids.push(((await created.json()) as { data: { id: number } }).data.id);
  }
  const res = await call(request, owner, 'POST', '/api/partner/sites/bulk', {
    data: { action: 'price', site_ids: ids, price: 2750 },
    expected: 200,
  });
  expect(((await res.json()) as { data: { updated: number } }).data.updated).toBe(50);
});

test('an operator sees a duplicate GSTIN and suspends the owner: its sites leave the catalogue, its paid bookings stay', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await approvedOwner(request);
  const site = await liveSite(request, first, `Trust Hoarding ${uniqueTag()}`);
  // A buyer has paid for a week on the site before the suspension (7 days at ₹1,500).
  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const line = {
    product_id: site.id,
    from_date: from,
    to_date: addDays(from, 7),
    campaign_id: null,
    customized: false,
  };
  const { orderId } = await apiPaidOrder(request, buyer, [line], 10_500);
  const firstOwner = await call(request, first, 'GET', '/api/partner/me', { expected: 200 });
  const { gstin, pan } = ((await firstOwner.json()) as { data: { gstin: string; pan: string } }).data;
  // A new applicant with the same GSTIN and PAN but another bank account.
  const copycat = await apiSignIn(request);
  const copyName = `Copycat Outdoor ${uniqueTag()}`;
  await call(request, copycat, 'POST', '/api/partner/apply', {
    data: { ...application(copyName), gstin, pan, account_number: '555566667777' },
    expected: 201,
  });

  const ops = await pageFor(browser, await operatorSession(request));
  // Many owners are listed (oldest first, 25 a page): the operator finds one by name.
  const find = async (name: string) => {
    const search = ops.getByRole('search', { name: 'Find a media owner' });
    await search.getByRole('searchbox', { name: 'Company, GSTIN or PAN' }).fill(name);
    await search.getByRole('button', { name: 'Find' }).click();
  };
  await ops.goto('/ops/media-owners');
  await find(copyName);
  const row = ops.getByRole('row').filter({ hasText: copyName });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Possible duplicate')).toBeVisible();
  await row.click();
  const dialog = ops.getByRole('dialog', { name: copyName });
  await expect(dialog.getByText(new RegExp(`same GSTIN as ${first.companyName}`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await ops.goto('/ops/media-owners?status=approved');
  await find(first.companyName);
  const owner = ops.getByRole('row').filter({ hasText: first.companyName });
  await expect(owner).toBeVisible({ timeout: 30_000 });
  await owner.click();
  const ownerDialog = ops.getByRole('dialog', { name: first.companyName });
  await ownerDialog.getByRole('button', { name: 'Suspend…' }).click();
  const reason = ops.getByRole('dialog', { name: `Suspend ${first.companyName}` });
  await reason.getByRole('textbox', { name: 'Reason' }).fill('The GSTIN belongs to another company');
  await reason.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(ops.getByText(/Suspended: its sites left the catalogue/)).toBeVisible({ timeout: 20_000 });

  const product = await request.get(`/api/product/${site.id}`, { headers: { 'cache-control': 'no-cache' } });
  expect(product.status()).toBe(404);
  // The buyer's paid booking stays: still paid, its line still booked on its dates, nothing refunded.
  const order = (await (
    await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })
  ).json()) as {
    status: string;
    refunded: number;
    lines: Array<{ status: string; first_day: string }>;
  };
  expect(order.status).toBe('paid');
  expect(order.refunded).toBe(0);
  expect(order.lines.map((l) => [l.status, l.first_day])).toEqual([['scheduled', from]]);
  await ops.context().close();
});

test('a CSV with 5 bad rows: download the failed rows, fix them, import them', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const template = await call(request, owner, 'GET', '/api/partner/sites/import/template.csv', {
    expected: 200,
  });
  // The template starts with a UTF-8 byte-order mark (for Excel); the columns are what follows it.
  const columns = (await template.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]
    .split(',');
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const row = (n: number, price: string) => {
    const values: Record<string, unknown> = {
      ...siteFields(`Fix ${tag} ${n}`),
      site_code: `FIX-${tag}-${n}`,
      description: 'Facing the flyover.\nLit till midnight.',
      price,
    };
    return columns.map((c) => cell(String(values[c] ?? ''))).join(',');
  };
  const csv = [
    columns.join(','),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => row(n, n % 2 || n === 8 ? 'lots' : '1500')),
  ];
  await useSessionInPage(page, owner);
  await page.goto('/partner/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import sites' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('CSV file').setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.join('\r\n')),
  });
  await expect(page.getByText('5 with errors', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The report names each bad row by its code and name.
  await expect(page.getByText(`FIX-${tag}-1 · Fix ${tag} 1`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the 5 rows with errors to fix' }).click();
  const failed = await (await download).path();
  const text = (await import('node:fs')).readFileSync(failed, 'utf8');
  expect(text.trim().split('\r\n')).toHaveLength(6);
  const fixed = text.replaceAll(',lots,', ',1500,');

  await page.getByRole('button', { name: 'Import 3 valid sites' }).click();
  await expect(page.getByText(/3 sites were imported/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(page.getByText('5 valid', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import 5 valid sites' }).click();
  await expect(page.getByText(/5 sites were imported/)).toBeVisible({ timeout: 30_000 });
  const listed = await call(request, owner, 'GET', `/api/partner/sites?search=${tag}&page_size=20`, {
    expected: 200,
  });
  const sites = ((await listed.json()) as { results: Array<{ description: string }> }).results;
  expect(sites).toHaveLength(8);
  expect(sites[0].description).toBe('Facing the flyover.\nLit till midnight.');
});
