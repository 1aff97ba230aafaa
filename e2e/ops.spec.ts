import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, sameSite, signIn } from './support/auth';
import { OPERATOR_STATE } from './support/saved-sessions';

/**
 * The operator's back office (issue 11, docs/product-rules.md section 7): who may enter, the queues, an application
 * rejected with a required reason, orders found by the buyer and opened, and the audit log's entry.
 * The operator is the demo operator (the default OPERATOR_PHONES in development), whose browser session
 * e2e/auth.setup.ts saves once per run.
 */

test('anonymous goes to sign in and back; a buyer is told the area is for operators', async ({ page }) => {
  await page.goto('/ops/orders');
  await expect(page).toHaveURL(/\/verify-mobile\?redirect=\/ops\/orders$/);
  await signIn(page, randomPhone());
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'This area is for operators' })).toBeVisible();
  await expectAccessible(page, 'ops forbidden');
});

test.describe('signed in as the operator', () => {
  // The operator's browser session saved once per run (e2e/auth.setup.ts): no code spent here.
  test.use({ storageState: OPERATOR_STATE });

  test('an operator reviews an application, finds an order and reads the audit log', async ({
    browser,
    page,
    baseURL,
  }) => {
    // Two sign-ins (each with the proof-of-work bot check) and six accessibility checks: longer than most.
    test.setTimeout(180_000);
    // A buyer applies as a media owner and places an order.
    // axe needs pages of a context of their own: the buyer gets one, the operator uses the test's page.
    // A context of its own, without the operator's saved session (browser.newContext takes test.use's).
    const buyerContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const buyerPage = await buyerContext.newPage();
    const buyerPhone = randomPhone();
    await signIn(buyerPage, buyerPhone);
    // The buyer's calls go with the page's session cookie, from the site's origin.
    const auth = sameSite(buyerPage);
    const applied = await buyerPage.request.post('/api/partner/apply', {
      headers: auth,
      data: {
        company_name: 'Journey Outdoor Pvt Ltd',
        gstin: '27AAPFU0939F1ZV',
        pan: 'AAPFU0939F',
        address_line_1: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
        contact_name: 'Asha Rao',
        contact_phone: '9876500000',
        contact_email: 'asha@example.com',
        ifsc: 'HDFC0001234',
        account_number: '123456789012',
      },
    });
    expect(applied.status()).toBe(201);
    const site = (await (await buyerPage.request.get('/api/product/?page_size=1')).json()).payload.results[0];
    const start = new Date(Date.now() + (60 + Math.floor(Math.random() * 250)) * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const days = Math.max(7, site.booking_duration ?? 7);
    const booked = await buyerPage.request.post('/api/booking/book', {
      headers: auth,
      data: {
        amount: site.price * days,
        data: [
          {
            product_id: site.id,
            from_date: day(start),
            to_date: day(new Date(start.getTime() + days * 86_400_000)),
            campaign_id: null,
            customized: false,
          },
        ],
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const orderId = (await booked.json()).order_id as number;
    await buyerContext.close();

    await page.goto('/ops');
    await expect(page.getByRole('heading', { name: 'Queues', level: 1 })).toBeVisible();
    await expectAccessible(page, 'ops queues');

    await page.getByRole('link', { name: /Media owners to review/ }).click();
    await expect(page.getByRole('heading', { name: 'Media owners', level: 1 })).toBeVisible();
    await page.getByRole('gridcell', { name: 'Journey Outdoor Pvt Ltd' }).first().click();
    const details = page.getByRole('dialog', { name: 'Journey Outdoor Pvt Ltd' });
    await expect(details.getByText('•••• 9012')).toBeVisible();
    await expectAccessible(page, 'media owner details');
    await details.getByRole('button', { name: 'Reject…' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Journey Outdoor Pvt Ltd' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject.getByText('Reason is required')).toBeVisible();
    await reject.getByLabel('Reason').fill('The GSTIN belongs to another company');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(details.getByText(/Rejected\. The audit log has the entry/)).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await page.getByLabel('Buyer').fill(buyerPhone);
    await expect(page).toHaveURL(new RegExp(`buyer=${buyerPhone}`));
    await expect(page.getByRole('gridcell', { name: `#${orderId}` })).toBeVisible();
    await expectAccessible(page, 'ops orders');
    await page.getByRole('gridcell', { name: `#${orderId}` }).click();
    await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: new RegExp(site.name) })).toBeVisible();
    await expectAccessible(page, 'ops order detail');

    await page.goto('/ops/audit');
    await expect(page.getByRole('gridcell', { name: 'media_owner.reject' }).first()).toBeVisible();
    await expectAccessible(page, 'ops audit');
  });
});
