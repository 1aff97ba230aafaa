import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSignIn, call, operatorSession, useSessionInPage } from './support/partners';

/**
 * GST and tax documents (docs/product-rules.md section 10): the cart's Order Summary with Subtotal, GST and Total
 * Payable and its quotation PDF; a cash order recorded as paid in the back office, which issues the tax
 * invoice the buyer downloads.
 */
test('cart shows GST and a quotation; an operator records a cash payment; the buyer gets the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await apiSignIn(request);
  await call(request, buyer, 'PATCH', '/api/auth/update_user_by_phone/', {
    data: {
      first_name: 'Asha',
      last_name: 'Rao',
      phone_number: buyer.phone,
      company: 'Rao Foods Pvt Ltd',
      address_line_1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560001',
    },
    expected: 200,
  });

  // A standard campaign's first site, for a week some years out (nobody else's dates).
  const list = await (await request.get('/api/campaign?page_size=1')).json();
  const campaignId = (list.payload?.results ?? list.results ?? list)[0].id as number;
  const campaign = await (await request.get(`/api/campaign/${campaignId}`)).json();
  const entry = campaign.products[0];
  const start = new Date(
    Date.UTC(new Date().getUTCFullYear() + 3, 0, 1) + Math.floor(Math.random() * 300) * 86_400_000,
  );
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const from = day(start);
  // booking_duration comes as days, "N days" or seconds (the catalogue's forms).
  const held = Number.parseInt(String(entry.product.booking_duration), 10) || 7;
  const days = Math.max(7, held > 1000 ? Math.ceil(held / 86_400) : held);
  const to = day(new Date(start.getTime() + days * 86_400_000));
  const cart = [
    {
      id: campaignId,
      type: 'standard',
      name: campaign.name,
      products: [{ ...entry, from_date: from, to_date: to }],
    },
  ];

  await page.goto('/');
  await page.evaluate((c) => localStorage.setItem('cart', JSON.stringify(c)), cart);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  const subtotal = Math.round(entry.product.price * 100) * days;
  const rupees = (paise: number) =>
    `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const gst = Math.floor((subtotal * 18 + 50) / 100);
  await expect(page.getByTestId('subtotal')).toHaveText(rupees(subtotal));
  // Signed out: a neutral estimate until the billing state is known.
  await expect(page.getByTestId('gst-estimate')).toHaveText(rupees(gst));
  await expect(page.getByTestId('total-payable')).toHaveText(rupees(subtotal + gst));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/gst-cart-${width}.png`, fullPage: true });
  }
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download quotation (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('quotation.pdf');
  const quotation = readFileSync((await download.path()) as string);
  expect(quotation.subarray(0, 5).toString()).toBe('%PDF-');

  // The buyer orders for cash (billed in Karnataka: IGST 18 %).
  const booked = await call(request, buyer, 'POST', '/api/booking/book', {
    data: {
      amount: subtotal / 100,
      data: [
        {
          product_id: entry.product.id,
          from_date: from,
          to_date: to,
          campaign_id: campaignId,
          customized: false,
        },
      ],
    },
    expected: 200,
  });
  const orderId = (await booked.json()).order_id as number;
  const out = await call(request, buyer, 'POST', '/api/booking/checkout', {
    data: { order_id: orderId, payment: 'cash' },
    expected: 200,
  });
  expect((await out.json()).amount).toBe(subtotal + gst);

  // The operator records the cash payment on the order's page.
  const operator = await operatorSession(request);
  await useSessionInPage(page, operator);
  await page.goto(`/ops/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Record cash payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record cash payment' });
  await dialog.getByLabel(/Amount received/).fill(String(subtotal / 100));
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText(/The amount must be the total payable/)).toBeVisible();
  await dialog.getByLabel(/Amount received/).fill(String((subtotal + gst) / 100));
  await dialog.getByLabel(/Reference/).fill('Receipt 0042');
  await page.screenshot({ path: 'test-results/gst-mark-paid.png' });
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText(/is paid\. Invoice INV\/\d\d-\d\d\/\d{6} issued\./)).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page
      .getByText('Receipt 0042')
      .or(page.getByText(`cash_${orderId}`))
      .first(),
  ).toBeVisible();

  // The buyer's tax invoice.
  const invoice = await call(request, buyer, 'GET', `/api/orders/${orderId}/invoice.pdf`, { expected: 200 });
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
