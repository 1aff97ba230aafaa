import { addDays, formatBookingPeriod, todayIst } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { apiPaidOrder, saveBillingDetails } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 19, one truth per order: a two-site order paid online (7 days at ₹1,500 each, billed in
 * Maharashtra: ₹21,000 + 18 % GST = ₹24,780). An operator refunds site B in two parts: ₹2,000, which the
 * payment provider refuses (the sandbox's rehearsed outage) and which the operator later sends again
 * from the Failed refunds screen, and ₹1,000; the buyer cancels site A 20 days ahead (100 %: ₹12,390
 * back); a cash order waits for its payment. My Orders, the order page, the operator's order page and
 * the owner's bookings agree on the total with GST, the refunded amount (₹15,390), the net (₹9,390) and
 * the last day, at 375 and 1280 px.
 */
for (const width of [375, 1280]) {
  test(`every surface tells the same order at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const tag = uniqueTag();
    const owner = await approvedOwner(request);
    const named = async (name: string) => ({ ...(await liveSite(request, owner, name)), name });
    const siteA = await named(`Truth Road A ${tag}`);
    const siteB = await named(`Truth Road B ${tag}`);
    const siteC = await named(`Truth Road C ${tag}`);
    const buyer = await apiSignIn(request);
    const from = addDays(todayIst(), 20);
    const to = addDays(from, 7);
    const lineOf = (id: number) => ({
      product_id: id,
      from_date: from,
      to_date: to,
      campaign_id: null,
      customized: false,
    });
    const { orderId, chargedPaise } = await apiPaidOrder(
      request,
      buyer,
      [lineOf(siteA.id), lineOf(siteB.id)],
      21_000,
      1,
    );
    expect(chargedPaise).toBe(24_780_00);

    const detail = async () =>
      (await (await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })).json()) as {
        lines: Array<{ id: number; product: { id: number } }>;
      };
    const lineA = (await detail()).lines.find((l) => l.product.id === siteA.id)!;
    const lineB = (await detail()).lines.find((l) => l.product.id === siteB.id)!;
    const operator = await operatorSession(request);
    // The first part: the provider refuses it (502); it is on record as failed, holding its share.
    await call(request, operator, 'POST', `/api/ops/orders/${orderId}/refunds`, {
      // Refunds belong to lines (decision 065): board B's refund names line B, so it holds none of A's share.
      data: { amount: 2000, reason: 'Board B lit late', line_ids: [lineB.id] },
      expected: 502,
    });
    await call(request, buyer, 'POST', `/api/orders/${orderId}/cancel`, {
      data: { line_ids: [lineA.id], confirm: true },
      expected: 200,
    });
    await call(request, operator, 'POST', `/api/ops/orders/${orderId}/refunds`, {
      data: { amount: 1000, reason: 'Board B dim at night' },
      expected: 200,
    });
    // A cash order for the third site: the amount to pay is the total with GST (₹10,500 + 18 %).
    await saveBillingDetails(request, buyer);
    const cash = (await (
      await call(request, buyer, 'POST', '/api/booking/book', {
        data: { amount: 10_500, data: [lineOf(siteC.id)] },
        expected: 200,
      })
    ).json()) as { order_id: number };
    await call(request, buyer, 'POST', '/api/booking/checkout', {
      data: { order_id: cash.order_id, payment: 'cash' },
      expected: 200,
    });

    const period = formatBookingPeriod(from, to, { withDays: false }); // first - LAST day
    const context = await browser.newContext({ viewport: { width, height: 900 } });

    // My Orders: total with GST, refunded, net, 1 of 2 sites; the cash order is pending with Pay.
    const page = await context.newPage();
    await useSessionInPage(page, buyer);
    await page.goto('/my-orders?tab=upcoming');
    const entries = page.getByTestId('order-entry');
    const paid = entries.filter({ hasText: `Order ${orderId}` });
    await expect(paid.first()).toBeVisible({ timeout: 30_000 });
    const groupB = paid.filter({ hasText: siteB.name });
    await expect(groupB.getByTestId('order-entry-total')).toHaveText(/₹12,390(\.00)?/);
    await expect(groupB.getByTestId('order-entry-refund')).toHaveText(
      /Refunded ₹1,000(\.00)? · Net ₹11,390(\.00)?/,
    );
    await expect(paid.filter({ hasText: siteA.name }).getByText(/0 of 1 site/)).toBeVisible();
    await expect(paid.first().getByText('Partly refunded')).toBeVisible();
    const pending = entries.filter({ hasText: `Order ${cash.order_id}` });
    await expect(pending.getByText(/^Payment pending - reserved until /)).toBeVisible();
    await expect(pending.getByTestId('order-entry-total')).toHaveText(/₹12,390(\.00)?/);
    await expect(pending.getByRole('link', { name: /^Pay for order/ })).toBeVisible();

    // The order page: the same figures and the last day; the refused ₹2,000 has not left, so it is not counted.
    await page.goto(`/my-orders/${orderId}`);
    await expect(page.getByTestId('order-total')).toHaveText(/₹24,780(\.00)?/, { timeout: 30_000 });
    await expect(page.getByTestId('order-refunded')).toHaveText(/₹13,390(\.00)?/);
    await expect(page.getByTestId('order-net')).toHaveText(/₹11,390(\.00)?/);
    await expect(page.getByText(period).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);

    // The cash order's page: the amount with GST and the payee's bank account.
    await page.goto(`/my-orders/${cash.order_id}`);
    const due = page.getByTestId('order-payment-due');
    await expect(due).toContainText(/₹12,390(\.00)?/, { timeout: 30_000 });
    await expect(due).toContainText('IFSC');

    // The operator's order page reads the same ledger.
    const ops = await context.newPage();
    await useSessionInPage(ops, operator);
    await ops.goto(`/ops/orders/${orderId}`);
    await expect(ops.getByText('₹24,780.00').first()).toBeVisible({ timeout: 30_000 });
    await expect(ops.getByText('₹13,390.00').first()).toBeVisible();
    await expect(ops.getByText('₹11,390.00').first()).toBeVisible();
    await expect(ops.getByTestId('ops-refund')).toHaveCount(3);

    // The provider is back: the operator sends the refused ₹2,000 again from the Failed refunds screen.
    await ops.goto('/ops/refunds');
    await ops
      .getByRole('button', { name: new RegExp(`^Retry the ₹2,000(\\.00)? refund of order #${orderId} now$`) })
      .click();
    await expect(ops.getByText(new RegExp(`refund of order #${orderId} went through \\(CN/`))).toBeVisible();
    // Now every surface counts it: ₹12,390 + ₹1,000 + ₹2,000 refunded, ₹9,390 kept.
    await ops.goto(`/ops/orders/${orderId}`);
    await expect(ops.getByText('₹15,390.00').first()).toBeVisible({ timeout: 30_000 });
    await expect(ops.getByText('₹9,390.00').first()).toBeVisible();
    // The context's pages share one session cookie: the buyer's again.
    await useSessionInPage(page, buyer);
    await page.goto(`/my-orders/${orderId}`);
    await expect(page.getByTestId('order-refunded')).toHaveText(/₹15,390(\.00)?/, { timeout: 30_000 });
    await expect(page.getByTestId('order-net')).toHaveText(/₹9,390(\.00)?/);
    await page.goto('/my-orders?tab=upcoming');
    await expect(entries.filter({ hasText: `Order ${orderId}` }).first()).toBeVisible({ timeout: 30_000 });
    await expect(groupB.getByTestId('order-entry-total')).toHaveText(/₹12,390(\.00)?/);
    await expect(groupB.getByTestId('order-entry-refund')).toHaveText(
      /Refunded ₹3,000(\.00)? · Net ₹9,390(\.00)?/,
    );

    // The owner's bookings: the cancelled site says so, the other runs on the same last day.
    const own = await context.newPage();
    await useSessionInPage(own, owner);
    await own.goto('/partner/bookings');
    // Visible text only: the site and status filters list the same words as options of their selects.
    await expect(own.getByText(siteA.name).filter({ visible: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(own.getByText('Cancelled').filter({ visible: true }).first()).toBeVisible();
    await expect(own.getByText(period).filter({ visible: true }).first()).toBeVisible();
    await context.close();
  });
}
