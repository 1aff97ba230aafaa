import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { randomPhone } from './support/auth';
import { placeOrderAndPay } from './support/booking';
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
 * Client approval (issue 49, decision 092): an agency's admin makes a client need approval on /agency; the
 * planner has three sites in a saved campaign, holds them for the client from the campaign's lines, makes the
 * campaign for the client and sends the plan for approval from the campaign page; the client's approver, signed out, opens the link and approves with a name and a comment; the
 * planner books the campaign for the client with a PO number and pays; the order page shows the PO number
 * and the owner's bookings list shows the booking where the hold was. The approver's page and the campaign's
 * Client approval are photographed at 375, 768 and 1280 px.
 */

const SCREENS = '.tmp/screens';

async function shoot(page: Page, name: string, part?: Locator) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${SCREENS}/agency-approval-${name}-${width}.png`;
    // A part is cut from the whole page scrolled to its top, so the sticky header is not drawn over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = part ? await part.boundingBox() : null;
    const scrollY = await page.evaluate(() => window.scrollY);
    const clip = box ? { ...box, y: box.y + scrollY } : undefined;
    await page.screenshot({ path, fullPage: true, ...(clip ? { clip } : {}) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An IST calendar day `ahead` days from today, YYYY-MM-DD. */
const istDay = (ahead: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + ahead * 86_400_000).toISOString().slice(0, 10);

test("a planner sends a plan for the client's approval, the approver approves it, the planner books it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const names = ['North', 'South', 'East'].map((side) => `Approval ${side} Road ${tag}`);
  const sites = [];
  for (const name of names) sites.push(await liveSite(request, owner, name));

  // The agency (its admin), a planner and a client, through the API.
  const admin = await apiSignIn(request);
  const ids = companyIds();
  const agencyName = `Plan Media ${tag}`;
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
  const clientName = `Acme Foods ${tag}`;
  await call(request, admin, 'POST', '/api/agency/clients', {
    data: {
      name: clientName,
      address_line_1: '9 Karve Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411038',
      bill_to: 'client',
    },
    expected: 201,
  });

  // 1. The admin makes the client need approval, with a monthly limit, on /agency.
  const adminPage = await (await browser.newContext()).newPage();
  await useSessionInPage(adminPage, admin);
  await adminPage.goto('/agency');
  const row = adminPage.getByRole('listitem', { name: clientName });
  await expect(row).toContainText('No approval needed · no monthly limit');
  await row.getByRole('checkbox', { name: "Needs the client's approval before booking" }).check();
  await row.getByRole('textbox', { name: 'Monthly limit (₹, before GST, optional)' }).fill('500000');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByRole('listitem', { name: clientName })).toContainText(
    "Bookings need the client's approval · monthly limit ₹5,00,000.00 before GST",
  );
  await expect(
    adminPage
      .getByRole('listitem', { name: clientName })
      .getByRole('checkbox', { name: "Needs the client's approval before booking" }),
  ).toBeChecked();
  await shoot(adminPage, 'agency-client', adminPage.getByRole('listitem', { name: clientName }));
  await adminPage.context().close();

  // 2. The planner has the three sites in a saved campaign.
  const planner = await apiSignIn(request, plannerPhone);
  await saveBillingDetails(request, planner);
  const from = istDay(10);
  const to = istDay(17);
  const products = sites.map((s) => ({ product_id: s.id, from_date: from, to_date: to }));
  const campaignName = `Diwali push ${tag}`;
  const made = await call(request, planner, 'POST', '/api/create_customized_campaign/', {
    data: { name: campaignName, products },
  });
  const campaignId = ((await made.json()) as { data: { id: number } }).data.id;
  await call(request, planner, 'POST', '/api/save_campaign/', {
    data: { campaign_id: campaignId, products },
    expected: 200,
  });

  // 3. On the campaign page the planner holds the three sites' dates for the client, line by line.
  await useSessionInPage(page, planner);
  await page.goto(`/campaign/${campaignId}`);
  await page.getByRole('combobox', { name: 'Hold for' }).selectOption({ label: clientName });
  for (const name of names) {
    await page.getByRole('button', { name: `Hold these dates of ${name}` }).click();
    await expect(page.getByRole('listitem').filter({ hasText: name }).getByTestId('line-hold')).toContainText(
      `Held by you for ${clientName} until`,
    );
  }
  await shoot(page, 'campaign-holds', page.getByRole('region', { name: 'Location Details' }));

  // 4. The campaign is made for the client, and approval is asked of it: the link is shown once.
  const approval = page.getByRole('region', { name: 'Client approval' });
  await approval.getByRole('combobox', { name: 'This campaign is for' }).selectOption({ label: clientName });
  await expect(approval.getByRole('status')).toHaveText(`This campaign is for ${clientName}.`);
  await expect(approval.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(/^\d+$/);
  await approval.getByRole('button', { name: 'Ask for approval' }).click();
  const link = await approval.getByTestId('approval-link').inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/approvals\/[\w-]{43}$/);
  await expect(approval).toContainText('It is shown only now');
  const waiting = approval.getByTestId(/^approval-\d+$/).first();
  await expect(waiting).toContainText('Waiting');
  await shoot(page, 'campaign', approval);

  // A booking for the client before its approver's yes is refused, said at Booking for.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/user-details/);
  await page.getByRole('combobox', { name: 'Booking for' }).selectOption({ label: clientName });
  await page.getByRole('radio', { name: /Razorpay/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('client-refusal')).toContainText(
    'the approval link is still waiting for a decision',
  );
  await shoot(page, 'checkout-refused', page.getByRole('region', { name: 'Booking for' }));

  // 5. The approver, signed out in a browser of their own, reads the plan and approves it.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await approver.goto(link);
  await expect(approver.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  await expect(approver.getByText(`${agencyName} asks ${clientName} to approve this plan`)).toBeVisible();
  for (const name of names) await expect(approver.getByRole('heading', { name, level: 3 })).toBeVisible();
  await expect(approver.getByTestId('approval-state')).toContainText('Waiting for your decision');
  await shoot(approver, 'page');
  await approver.getByRole('textbox', { name: 'Your name' }).fill('Meera Shah');
  await approver.getByRole('textbox', { name: 'Comment (optional)' }).fill('Go ahead with all three.');
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByRole('alert')).toContainText('the plan is approved');
  await expect(approver.getByTestId('approval-state')).toContainText('Approved by Meera Shah on');
  await expect(approver.getByTestId('approval-state')).toContainText('Comment: Go ahead with all three.');
  await expect(approver.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await shoot(approver, 'approved');
  await approverContext.close();

  // 6. The planner sees the approval and books the campaign for the client with a PO number.
  await page.goto(`/campaign/${campaignId}`);
  const decided = page
    .getByRole('region', { name: 'Client approval' })
    .getByTestId(/^approval-\d+$/)
    .first();
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText('Go ahead with all three.');
  await shoot(page, 'campaign-approved', page.getByRole('region', { name: 'Client approval' }));
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/user-details/);
  await page.getByRole('combobox', { name: 'Booking for' }).selectOption({ label: clientName });
  await page.getByRole('textbox', { name: 'PO number (optional)', exact: true }).fill(`PO-${tag}`);
  await placeOrderAndPay(page);
  await page
    .getByRole('dialog', { name: 'Payment Successful' })
    .getByRole('button', { name: 'View order' })
    .click();
  await expect(page.getByTestId('order-po-number')).toHaveText(`PO number: PO-${tag}`);
  await expect(page.getByTestId('order-billed-to')).toHaveText(
    `Billed to ${clientName}, through ${agencyName}`,
  );

  // 7. The owner's bookings list shows the paid booking where the hold was.
  const own = await (await browser.newContext()).newPage();
  await useSessionInPage(own, owner);
  await own.goto('/partner/bookings');
  const paid = own.getByRole('table', { name: 'Paid bookings' });
  for (const name of names) await expect(paid.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(own.getByTestId('partner-hold').filter({ hasText: names[0] })).toHaveCount(0);
  await own.context().close();
});

test('with scripts off, the approver rejects a plan; the page is never stored and stays out of search', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, `Plain Approval Road ${tag}`);
  const admin = await apiSignIn(request);
  const ids = companyIds();
  await call(request, admin, 'POST', '/api/agencies', {
    data: {
      company_name: `Quiet Media ${tag}`,
      gstin: ids.gstin,
      pan: ids.pan,
      address: '1 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411004',
    },
    expected: 201,
  });
  const client = await call(request, admin, 'POST', '/api/agency/clients', {
    data: {
      name: `Zed Tea ${tag}`,
      address_line_1: '2 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    },
    expected: 201,
  });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const products = [{ product_id: site.id, from_date: istDay(12), to_date: istDay(19) }];
  const made = await call(request, admin, 'POST', '/api/create_customized_campaign/', {
    data: { name: `Quiet plan ${tag}`, products },
  });
  const campaignId = ((await made.json()) as { data: { id: number } }).data.id;
  await call(request, admin, 'POST', '/api/save_campaign/', {
    data: { campaign_id: campaignId, products },
    expected: 200,
  });
  const asked = await call(request, admin, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
    data: { client_id: clientId },
    expected: 201,
  });
  const { url } = ((await asked.json()) as { data: { url: string } }).data;

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(url);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('heading', { level: 1, name: `Quiet plan ${tag}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ravi Iyer');
  await page.getByRole('textbox', { name: 'Comment (optional)' }).fill('Too early in the season.');
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('alert')).toContainText('the plan is rejected');
  await expect(page.getByTestId('approval-state')).toContainText('Rejected by Ravi Iyer on');
  await expect(page.getByTestId('approval-state')).toContainText('Comment: Too early in the season.');
  await context.close();

  // Decided once: the API says so to a second decision.
  const again = await request.post(`/api${url}`, { data: { decision: 'approve', name: 'Ravi Iyer' } });
  expect(again.status()).toBe(409);
});
