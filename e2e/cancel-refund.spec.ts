import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { addDays, todayIst } from '@ooh/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  type Session,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

/**
 * Issue 12 (docs/product-rules.md section 10): a buyer pays an order that starts 20 days ahead, opens it, cancels,
 * reads the refund before confirming (100 %), confirms, sees the refund and downloads its credit note.
 */
const SCREENS = '.tmp/screens';

/** Pays a week on the site through the API as the checkout does: book, check out, the sandbox window, confirm. */
async function paidOrder(
  request: APIRequestContext,
  buyer: Session,
  siteId: number,
  from: string,
): Promise<number> {
  const { orderId } = await apiPaidOrder(
    request,
    buyer,
    [
      {
        product_id: siteId,
        from_date: from,
        to_date: addDays(from, 7),
        campaign_id: null,
        customized: false,
      },
    ],
    1500 * 7,
  );
  return orderId;
}

test('the buyer cancels a paid order, sees the refund first and downloads the credit note', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Refund Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const orderId = await paidOrder(request, buyer, site.id, from);

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
    refund.getByRole('button', { name: /^Credit note CN\/\d{2}-\d{2}\/\d{6}$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d{2}-\d{2}-\d{6}\.pdf$/);
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

test('an operator refunds part of an order; the owner reads it on the month statement', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Statement Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);
  const buyer = await apiSignIn(request);
  const orderId = await paidOrder(request, buyer, site.id, addDays(todayIst(), 20));

  // The back office: the Refund dialog shows what is left, checks the amount, then refunds.
  const ops = await (await browser.newContext()).newPage();
  await useSessionInPage(ops, await operatorSession(request));
  await ops.goto(`/ops/orders/${orderId}`);
  await expect(ops.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible({
    timeout: 30_000,
  });
  await ops.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = ops.getByRole('dialog', { name: `Refund order #${orderId}` });
  await expect(dialog).toContainText('₹12,390.00 left');
  await dialog.getByLabel('Amount').fill('20000');
  await dialog.getByLabel('Reason').fill('The board was unlit for three nights');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toContainText('At most ₹12,390.00 is left to refund');
  // The whole of a kept line: the dialog asks whether to cancel it too (looked at in three widths).
  await dialog.getByLabel('Amount').fill('12390');
  await expect(dialog.getByTestId('refund-in-full')).toContainText('Cancel the line too?');
  await expect(dialog.getByRole('checkbox', { name: `Also cancel ${siteName}` })).not.toBeChecked();
  for (const width of [375, 768, 1280]) {
    await ops.setViewportSize({ width, height: 900 });
    await ops.screenshot({ path: `${SCREENS}/ops-refund-cancel-too-${width}.png` });
  }
  await dialog.getByLabel('Amount').fill('1180');
  await expect(dialog.getByTestId('refund-in-full')).toHaveCount(0);
  await ops.screenshot({ path: `${SCREENS}/ops-refund-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(ops.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(ops.getByText('₹1,180.00').first()).toBeVisible();

  // The owner's statement of this month: ₹10,500 booked (₹12,390 with GST), ₹1,180 refunded of which
  // ₹1,000 taxable value. On the ₹9,500 kept (DESIGN 18): + ₹1,710 GST on the supply - ₹1,425 commission
  // - ₹256.50 its GST - ₹47.50 TCS - ₹9.50 TDS = ₹9,471.50 due.
  const ownerPage = await (await browser.newContext()).newPage();
  await useSessionInPage(ownerPage, owner);
  await ownerPage.goto('/partner/statements');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(ownerPage.getByRole('table', { name: 'Statement lines' })).toContainText(siteName);
  await expect(ownerPage.getByTestId('statement-payout')).toHaveText('₹9,471.50');
  for (const width of [375, 768, 1280]) {
    await ownerPage.setViewportSize({ width, height: 900 });
    await expect(ownerPage.getByTestId('statement-payout')).toBeVisible();
    await ownerPage.screenshot({ path: `${SCREENS}/partner-statements-${width}.png`, fullPage: true });
  }
  const [csv] = await Promise.all([
    ownerPage.waitForEvent('download'),
    ownerPage.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
  expect(await readFile(await csv.path(), 'utf8')).toContain('Payout due,9471.50');
});
