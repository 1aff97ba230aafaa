import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { addDays, todayIst } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { apiSignIn, approvedOwner, call, liveSite, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Issue 12 (DESIGN.md section 10): a buyer pays an order that starts 20 days ahead, opens it, cancels,
 * reads the refund before confirming (100 %), confirms, sees the refund and downloads its credit note.
 */
const SCREENS = '.tmp/screens';

test('the buyer cancels a paid order, sees the refund first and downloads the credit note', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Refund Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  // The buyer pays through the API as the checkout does: book, check out, the sandbox window, confirm.
  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const booked = await call(request, buyer, 'POST', '/api/booking/book', {
    data: {
      amount: 1500 * 7,
      data: [
        {
          product_id: site.id,
          from_date: from,
          to_date: addDays(from, 7),
          campaign_id: null,
          customized: false,
        },
      ],
    },
    expected: 200,
  });
  const orderId = ((await booked.json()) as { order_id: number }).order_id;
  const out = (await (
    await call(request, buyer, 'POST', '/api/booking/checkout', {
      data: { order_id: orderId, payment: 'online' },
      expected: 200,
    })
  ).json()) as { razor_pay_order_id: string; checkout_url: string; amount: number };
  const payToken = new URL(out.checkout_url, 'http://localhost').searchParams.get('token');
  const pay = await request.post('/api/payments/sandbox/pay', {
    data: { razor_pay_order_id: out.razor_pay_order_id, token: payToken },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  const paid = (await pay.json()) as { razorpay_payment_id: string; razorpay_signature: string };
  await call(request, buyer, 'POST', '/api/booking/confirm', {
    data: {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      amount: out.amount,
    },
    expected: 200,
  });

  // The order page: Cancel shows the refund before anything happens.
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await useSessionInPage(page, buyer);
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order?' });
  await expect(dialog.getByTestId('refund-quote')).toHaveText(
    /^You will get ₹[\d,]+(\.\d\d)? back \(100 %: 20 days before the start\)\.$/,
  );
  const quoted = (await dialog.getByTestId('refund-quote').textContent())?.match(/₹[\d,.]+/)?.[0] ?? '';
  expect(quoted).not.toBe('');
  await page.screenshot({ path: `${SCREENS}/cancel-quote-1280.png` });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The refund is listed with its credit note, which downloads as a PDF.
  const refund = page.getByTestId('order-refund');
  await expect(refund).toContainText(quoted.replace(/\.00$/, ''));
  await expect(refund).toContainText('Refunded');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(refund).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/order-refund-${width}.png`, fullPage: true });
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    refund.getByRole('button', { name: /^Credit note CN\/\d{4}-\d{2}\/\d{6}$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d{4}-\d{2}-\d{6}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The freed dates are bookable again at once by someone else.
  const other = await apiSignIn(request);
  await call(request, other, 'POST', '/api/booking/book', {
    data: {
      amount: 1500 * 7,
      data: [
        {
          product_id: site.id,
          from_date: from,
          to_date: addDays(from, 7),
          campaign_id: null,
          customized: false,
        },
      ],
    },
    expected: 200,
  });
});
