import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { saveBillingDetails } from './support/orders';
import { apiSignIn, approvedOwner, call, liveSite, useSessionInPage } from './support/partners';

/**
 * Issue 45 (DESIGN 14): "Pay" on an unpaid order opens the online payment window for that same order within
 * its hold. The buyer placed an order online and closed the payment window; later, from My Orders, Pay opens
 * the window, they pay, and the same order number is paid: no second order, nothing cancelled.
 */
test('an unpaid online order paid later from My Orders: the same order number is paid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, `Pay Later Junction ${Date.now() % 100_000}`);
  const buyer = await apiSignIn(request);
  await saveBillingDetails(request, buyer);
  const start = new Date(Date.now() + (60 + Math.floor(Math.random() * 250)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const booked = await call(request, buyer, 'POST', '/api/booking/book', {
    data: {
      amount: 1500 * 7,
      data: [
        {
          product_id: site.id,
          from_date: day(start),
          to_date: day(new Date(start.getTime() + 7 * 86_400_000)),
          campaign_id: null,
          customized: false,
        },
      ],
    },
    expected: 200,
  });
  const orderId = ((await booked.json()) as { order_id: number }).order_id;
  // Checkout opened the online window, and the buyer walked away without paying.
  const first = (await (
    await call(request, buyer, 'POST', '/api/booking/checkout', {
      data: { order_id: orderId, payment: 'online' },
      expected: 200,
    })
  ).json()) as { razor_pay_order_id: string };

  await useSessionInPage(page, buyer);
  await page.goto('/my-orders?tab=upcoming');
  const pay = page.getByRole('link', { name: new RegExp(`^Pay for order ${orderId}:`) });
  await expect(pay).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Payment pending - reserved until /).first()).toBeVisible();
  await pay.click();

  const window = page.getByRole('dialog', { name: 'Complete your payment' });
  await expect(window).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/my-orders/${orderId}$`));
  // The window is this order's own provider order, not a new one.
  expect(await window.locator('iframe').getAttribute('src')).toContain(first.razor_pay_order_id);
  await page
    .frameLocator('iframe[title="Sandbox payment window"]')
    .getByRole('button', { name: /^Pay / })
    .click();
  await expect(window).toBeHidden();

  const done = page.getByTestId('order-payment-done');
  await expect(done).toHaveText(`Payment received: order #${orderId} is paid. Your invoice is ready above.`, {
    timeout: 20_000,
  });
  // Focus lands on the confirmation, not the page body the closed window leaves.
  await expect(done).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-payment-due')).toHaveCount(0);
  await expectAccessible(page, 'order paid later');
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`paid-later-${width}.png`), fullPage: true });
  }

  // My Orders lists that one order, paid; the buyer has no other order.
  const mine = (await (
    await call(request, buyer, 'GET', '/api/booked_campaigns/', { expected: 200 })
  ).json()) as {
    data: Record<string, Array<{ order_id: number; status: string; reserved_until: string | null }>>;
  };
  const orders = Object.values(mine.data).flat();
  expect(orders.map((o) => [o.order_id, o.status, o.reserved_until])).toEqual([[orderId, 'paid', null]]);
  await page.goto('/my-orders?tab=upcoming');
  await expect(page.getByRole('link', { name: new RegExp(`^View order ${orderId}:`) })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Pay for order/ })).toHaveCount(0);
});
