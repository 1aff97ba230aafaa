import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { addDays, todayIst } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { randomPhone } from './support/auth';
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
 * Briefs and proposals (issue 49, decision 086): a buyer posts a brief through the form, one owner answers
 * it on its console's Briefs page and another through the API; the buyer compares the two side by side,
 * accepts one line (its dates held) and sees Book accepted. The pages are photographed at 375, 768 and 1280 px.
 */

const SCREENS = '.tmp/screens';

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/briefs-${name}-${width}.png`, fullPage: true });
  }
}

test('post a brief, two owners propose, the buyer compares and accepts a line', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const [ownerA, ownerB] = [await approvedOwner(request), await approvedOwner(request)];
  const siteA = await liveSite(request, ownerA, `FC Road Hoarding ${tag}`);
  // A little way from site A (siteFields' FC Road), so the map shows two markers.
  const siteB = await liveSite(request, ownerB, `JM Road Gantry ${tag}`, {
    address: 'JM Road, near the garden',
    latitude: 18.5196,
    longitude: 73.8446,
  });
  const today = todayIst(new Date());
  const from = addDays(today, 14);

  // 1. The buyer posts a brief through the form.
  const buyerSession = await apiSignIn(request);
  const buyer = await (await browser.newContext()).newPage();
  await useSessionInPage(buyer, buyerSession);
  await buyer.goto('/briefs');
  await buyer.getByLabel('Campaign name').fill(`Monsoon launch ${tag}`);
  await buyer.getByLabel('Cities (comma separated)').fill('Pune');
  await buyer.getByLabel('First day').fill(from);
  await buyer.getByLabel('Last day').fill(addDays(from, 6));
  await buyer.getByLabel('Budget (₹, before GST)').fill('60000');
  await buyer.getByLabel('Answers by').fill(addDays(today, 3));
  await buyer.getByLabel('Objective').fill('Awareness');
  await buyer.getByRole('button', { name: 'Post brief' }).click();
  await expect(buyer.getByRole('heading', { name: `Monsoon launch ${tag}` })).toBeVisible();
  const briefId = Number(new URL(buyer.url()).pathname.split('/').pop());

  // 2. Owner A answers on its console; owner B through the API.
  const owner = await (await browser.newContext()).newPage();
  await useSessionInPage(owner, ownerA);
  await owner.goto('/partner/briefs');
  const card = owner.getByRole('article', { name: `Monsoon launch ${tag}` });
  await expect(card).toBeVisible();
  await shoot(owner, 'owner-console');
  await card.getByLabel('Price for the dates (₹, before GST)').fill('9000');
  await card.getByRole('button', { name: 'Send proposal' }).click();
  await expect(owner.getByText('Proposal sent: the buyer is told.')).toBeVisible();
  await call(request, ownerB, 'POST', `/api/partner/briefs/${briefId}/proposals`, {
    data: {
      lines: [{ product_id: siteB.id, from_date: from, to_date: addDays(from, 7), price: 9800 }],
      valid_until: addDays(today, 7),
      notes: 'Printing and mounting included.',
    },
    expected: 201,
  });

  // 3. The buyer compares them side by side and accepts owner A's line.
  await buyer.reload();
  const a = buyer.getByRole('article', { name: `Proposal from ${ownerA.companyName}` });
  await expect(a).toBeVisible();
  await expect(buyer.getByRole('article', { name: `Proposal from ${ownerB.companyName}` })).toBeVisible();
  // Both proposals' sites on one map, a marker per line named with the site and its owner.
  const map = buyer.getByRole('region', { name: 'Where the proposed sites are' });
  await map.scrollIntoViewIfNeeded();
  const marker = (site: string, ownerName: string) =>
    map.locator(`.leaflet-marker-icon[aria-label*="${site} "][aria-label*="${ownerName}"]`);
  await expect(marker(`FC Road Hoarding ${tag}`, ownerA.companyName)).toBeVisible({ timeout: 30_000 });
  await expect(marker(`JM Road Gantry ${tag}`, ownerB.companyName)).toBeVisible();
  await expect(map).toContainText('2 sites from their coordinates');
  await shoot(buyer, 'proposals');
  // The proposal to forward to a client: a plain link to its PDF, with the buyer's session.
  const [pdf] = await Promise.all([
    buyer.waitForEvent('download'),
    a.getByRole('link', { name: 'Proposal (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^proposal-\d+\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await a.getByRole('button', { name: 'Accept selected' }).click();
  await expect(a.getByText('Accepted: the dates are held for you')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Book accepted' })).toBeVisible();
  const holds = await call(request, buyerSession, 'GET', '/api/holds', { expected: 200 });
  expect(
    ((await holds.json()) as { results: Array<{ product_id: number }> }).results.map((h) => h.product_id),
  ).toEqual([siteA.id]);
  // 4. Owner B's line declined on its own: its only line, so the proposal reads Declined.
  const b = buyer.getByRole('article', { name: `Proposal from ${ownerB.companyName}` });
  await b.getByRole('button', { name: /^Decline .+/ }).click();
  await expect(b.getByText('Line declined; the owner is told.')).toBeVisible();
  await expect(b.getByText('Declined', { exact: true }).first()).toBeVisible();
  await buyer.goto('/briefs');
  await shoot(buyer, 'list');
});

/**
 * A brief for an agency's client (decision 092): the planner posts it from the form with For client, the
 * owner proposes, the planner accepts and books it with the client's PO number. While the client's approval
 * is missing the booking is refused with the API's words and the PO number stays typed; the planner asks
 * the client's approver through a link, who approves signed out, and the same form then books for the
 * client, billed to it.
 */
test("a planner's brief for a client books for the client with its PO number", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, `Karve Road Hoarding ${tag}`);
  const admin = await apiSignIn(request);
  const ids = companyIds();
  const agencyName = `Brief Media ${tag}`;
  await call(request, admin, 'POST', '/api/agencies', {
    data: {
      company_name: agencyName,
      gstin: ids.gstin,
      pan: ids.pan,
      address: '4 Law College Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411004',
    },
    expected: 201,
  });
  const plannerPhone = randomPhone();
  await call(request, admin, 'POST', '/api/agency/members', {
    data: { phone_number: plannerPhone, role: 'planner' },
    expected: 201,
  });
  const clientName = `Sahyadri Foods ${tag}`;
  await call(request, admin, 'POST', '/api/agency/clients', {
    data: {
      name: clientName,
      address_line_1: '9 Karve Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411038',
      bill_to: 'client',
      approval_required: true,
    },
    expected: 201,
  });

  // 1. The planner posts the brief for the client.
  const planner = await apiSignIn(request, plannerPhone);
  const page = await (await browser.newContext()).newPage();
  await useSessionInPage(page, planner);
  await page.goto('/briefs');
  const today = todayIst(new Date());
  const from = addDays(today, 12);
  await page.getByLabel('Campaign name').fill(`Launch for a client ${tag}`);
  await page.getByRole('combobox', { name: 'For client' }).selectOption({ label: clientName });
  await page.getByLabel('Cities (comma separated)').fill('Pune');
  await page.getByLabel('First day').fill(from);
  await page.getByLabel('Last day').fill(addDays(from, 6));
  await page.getByLabel('Budget (₹, before GST)').fill('40000');
  await page.getByLabel('Answers by').fill(addDays(today, 3));
  await shoot(page, 'for-client-form');
  await page.getByRole('button', { name: 'Post brief' }).click();
  await expect(page.getByRole('heading', { name: `Launch for a client ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('+ p')).toContainText(`for ${clientName}`);
  const briefId = Number(new URL(page.url()).pathname.split('/').pop());

  // 2. The owner proposes; the planner accepts.
  await call(request, owner, 'POST', `/api/partner/briefs/${briefId}/proposals`, {
    data: {
      lines: [{ product_id: site.id, from_date: from, to_date: addDays(from, 7), price: 8500 }],
      valid_until: addDays(today, 7),
      notes: '',
    },
    expected: 201,
  });
  await page.reload();
  const card = page.getByRole('article', { name: `Proposal from ${owner.companyName}` });
  await card.getByRole('button', { name: 'Accept selected' }).click();
  await expect(card.getByText('Accepted: the dates are held for you')).toBeVisible();

  // 3. Booking it while the client needs approval is refused in the API's words; the PO number stays.
  await expect(card.getByText(/^Books for/)).toContainText(`Books for ${clientName}`);
  await card.getByRole('textbox', { name: 'PO number (optional)' }).fill(`PO-${tag}`);
  await card.getByRole('button', { name: 'Book accepted' }).click();
  await expect(card.getByRole('alert')).toContainText(`Bookings for ${clientName} need`);
  await expect(card.getByRole('textbox', { name: 'PO number (optional)' })).toHaveValue(`PO-${tag}`);
  await shoot(page, 'client-refused');

  // 4. The planner asks the client to approve the accepted line at its agreed price; the approver,
  // signed out in a browser of their own, approves through the link; the same form then books.
  const approval = card.getByRole('region', {
    name: `Client approval of the proposal from ${owner.companyName}`,
  });
  await expect(approval).toContainText(`${clientName} approves plans before booking`);
  await approval.getByRole('button', { name: 'Ask for approval' }).click();
  const link = await approval.getByTestId('approval-link').inputValue();
  expect(link).toMatch(/\/approvals\/[A-Za-z0-9_-]+$/);
  await expect(approval.getByText('Waiting')).toBeVisible();
  await shoot(page, 'client-approval');
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await approver.goto(link);
  await expect(approver.getByRole('heading', { level: 1 })).toContainText(`Launch for a client ${tag}`);
  await expect(approver.getByRole('heading', { name: `Karve Road Hoarding ${tag}`, level: 3 })).toBeVisible();
  await approver.getByRole('textbox', { name: 'Your name' }).fill('Meera Shah');
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByTestId('approval-state')).toContainText('Approved by Meera Shah on');
  await approverContext.close();
  await page.reload();
  await expect(approval).toContainText(`${clientName} approved these lines at these prices`);
  await card.getByRole('textbox', { name: 'PO number (optional)' }).fill(`PO-${tag}`);
  await card.getByRole('button', { name: 'Book accepted' }).click();
  // The order page opens the payment window at once (and drops `?pay=1` from the address as it does).
  await expect(page).toHaveURL(/\/my-orders\/\d+/);
  await expect(page.getByRole('dialog', { name: 'Complete your payment' })).toBeVisible();
  await expect(page.getByTestId('order-po-number')).toHaveText(`PO number: PO-${tag}`);
  await expect(page.getByTestId('order-billed-to')).toHaveText(
    `Billed to ${clientName}, through ${agencyName}`,
  );
  await page.goto('/briefs');
  await expect(page.getByRole('region', { name: 'Your briefs' })).toContainText(`for ${clientName}`);
});
