import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { randomPhone } from './support/auth';
import { pickFirstDates, placeOrderAndPay } from './support/booking';
import { saveBillingDetails } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  companyIds,
  liveSite,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Agencies (issue 49, decision 092): a user creates an agency on /agency, adds a planner and a client, then
 * at checkout books a site for that client with a PO number; the order page names whom it bills and the PO.
 * The agency page and checkout are photographed at 375, 768 and 1280 px.
 */

const SCREENS = '.tmp/screens';

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/agency-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('create an agency, add a planner and a client, book for the client with a PO number', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const siteName = `Agency Road ${tag}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);
  const admin = await apiSignIn(request);
  await saveBillingDetails(request, admin);
  await useSessionInPage(page, admin);

  // 1. From the user's menu to /agency. No agency yet: the form; a GSTIN that does not carry the PAN is
  // refused at its field.
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Asha|User)$/ })
    .click();
  await page.getByRole('menuitem', { name: 'Agency' }).click();
  await expect(page).toHaveURL(/\/agency$/);
  const create = page.getByRole('form', { name: 'Create an agency' });
  const ids = companyIds();
  const other = companyIds();
  await create.getByRole('textbox', { name: 'Company name', exact: true }).fill(`Rao Media ${tag}`);
  await create.getByRole('textbox', { name: 'GSTIN', exact: true }).fill(other.gstin);
  await create.getByRole('textbox', { name: 'PAN', exact: true }).fill(ids.pan);
  await create.getByRole('textbox', { name: 'Address', exact: true }).fill('4 Law College Road');
  await create.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await create.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await create.getByRole('textbox', { name: 'PIN', exact: true }).fill('411004');
  await shoot(page, 'create');
  await create.getByRole('button', { name: 'Create agency' }).click();
  await expect(page.getByText('GSTIN does not contain this PAN')).toBeVisible();
  await page.getByRole('textbox', { name: 'GSTIN', exact: true }).fill(ids.gstin);
  await page.getByRole('button', { name: 'Create agency' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Rao Media ${tag}` })).toBeVisible();

  // 2. The team: a planner added by number; the only admin cannot be removed.
  const planner = randomPhone();
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(planner);
  await team.getByRole('combobox', { name: 'Role', exact: true }).selectOption('planner');
  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(team.getByText(`+91 ${planner}`)).toBeVisible();
  await team
    .getByRole('form', { name: `Remove ${admin.phone}` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(team.getByText('The last admin cannot be removed')).toBeVisible();

  // 3. A client, billed directly ("through" the agency).
  const clients = page.getByRole('region', { name: 'Clients' });
  const clientName = `Acme Foods ${tag}`;
  const form = clients.getByRole('form', { name: 'Add a client' });
  await form.getByRole('textbox', { name: 'Client name', exact: true }).fill(clientName);
  await form.getByRole('textbox', { name: 'Address line', exact: true }).fill('9 Karve Road');
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await form.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await form.getByRole('textbox', { name: 'PIN', exact: true }).fill('411038');
  await form.getByRole('button', { name: 'Add client' }).click();
  await expect(clients.getByRole('listitem', { name: clientName })).toBeVisible();
  await shoot(page, 'member');

  // 4. The admin books the site for the client with a PO number.
  await page.goto(`/product/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
  await pickFirstDates(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/user-details/);
  await page.getByRole('combobox', { name: 'Booking for' }).selectOption({ label: clientName });
  await page.getByRole('textbox', { name: 'PO number (optional)', exact: true }).fill(`PO-${tag}`);
  await expect(page.getByTestId('billed-to')).toHaveText(`Billed to ${clientName}, through Rao Media ${tag}`);
  await expect(page.getByTestId('po-number')).toHaveText(`PO number: PO-${tag}`);
  await shoot(page, 'checkout');
  await placeOrderAndPay(page);
  const success = page.getByRole('dialog', { name: 'Payment Successful' });
  await success.getByRole('button', { name: 'View order' }).click();
  await expect(page.getByTestId('order-billed-to')).toHaveText(
    `Billed to ${clientName}, through Rao Media ${tag}`,
  );
  await expect(page.getByTestId('order-po-number')).toHaveText(`PO number: PO-${tag}`);
  await shoot(page, 'order');
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const invoice = await call(request, admin, 'GET', `/api/orders/${orderId}/invoice.pdf`, { expected: 200 });
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('with scripts off, /agency creates the agency, adds a client and bills it through the agency', async ({
  browser,
  request,
  baseURL,
}) => {
  const signedOut = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signedOut.goto('/agency');
  await expect(signedOut).toHaveURL(/\/verify-mobile\?.*agency/);

  const session = await apiSignIn(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([
    { name: 'ooh_session', value: session.cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' },
    { name: 'ooh_signed_in', value: '1', url: baseURL!, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  const tag = uniqueTag();
  const ids = companyIds();
  const wrongCheck = `${ids.gstin.slice(0, 14)}${ids.gstin[14] === '0' ? '1' : '0'}`;
  await page.goto('/agency');
  const create = page.getByRole('form', { name: 'Create an agency' });
  await create.getByRole('textbox', { name: 'Company name', exact: true }).fill(`Plain Media ${tag}`);
  await create.getByRole('textbox', { name: 'GSTIN', exact: true }).fill(ids.gstin);
  await create.getByRole('textbox', { name: 'PAN', exact: true }).fill(ids.pan);
  await create.getByRole('textbox', { name: 'Address', exact: true }).fill('1 FC Road');
  await create.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await create.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  // A PIN the shared rule refuses: its message comes back at the field, what was typed kept.
  await create.getByRole('textbox', { name: 'PIN', exact: true }).fill('4110');
  await create.getByRole('button', { name: 'Create agency' }).click();
  await expect(page.getByText('Enter a 6-digit PIN code')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(
    `Plain Media ${tag}`,
  );
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('411004');
  await page.getByRole('button', { name: 'Create agency' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Plain Media ${tag}` })).toBeVisible();

  const clients = page.getByRole('region', { name: 'Clients' });
  const form = clients.getByRole('form', { name: 'Add a client' });
  await form.getByRole('textbox', { name: 'Client name', exact: true }).fill(`Tea House ${tag}`);
  await form.getByRole('textbox', { name: 'GSTIN (optional)', exact: true }).fill(wrongCheck);
  await form.getByRole('textbox', { name: 'Address line', exact: true }).fill('2 JM Road');
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await form.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await form.getByRole('textbox', { name: 'PIN', exact: true }).fill('411005');
  await form.getByRole('button', { name: 'Add client' }).click();
  // A GSTIN given is checked (its check character here is wrong).
  await expect(page.getByText('GSTIN has a wrong check digit (a typing mistake?)')).toBeVisible();
  await page
    .getByRole('region', { name: 'Clients' })
    .getByRole('textbox', { name: 'GSTIN (optional)', exact: true })
    .fill('');
  await page.getByRole('region', { name: 'Clients' }).getByRole('button', { name: 'Add client' }).click();
  const client = page.getByRole('listitem', { name: `Tea House ${tag}` });
  await expect(client).toContainText('no GSTIN');
  await client
    .getByRole('combobox', { name: 'Invoices', exact: true })
    .selectOption('Bill the agency (for the client)');
  await client.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('listitem', { name: `Tea House ${tag}` }).getByText('Client settings saved.'),
  ).toBeVisible();
  const saved = await call(request, session, 'GET', '/api/agency/clients', { expected: 200 });
  expect(((await saved.json()) as { data: Array<{ bill_to: string }> }).data[0]?.bill_to).toBe('agency');
});
