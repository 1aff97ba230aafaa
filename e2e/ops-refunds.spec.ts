import { addDays, todayIst } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { apiPaidOrder } from './support/orders';
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
 * Issue 19, the operator's money screens: a refund the payment provider refused (the sandbox's rehearsed
 * outage) is listed under Failed refunds and abandoned with a reason (paid another way); a line of a paid
 * order is cancelled from the order page with a reason and a refund. Buttons wait while their call runs;
 * a missing reason is said before anything is sent.
 */
test('an operator abandons a refused refund and cancels a line with a refund', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const siteA = { ...(await liveSite(request, owner, `Ops Road A ${tag}`)), name: `Ops Road A ${tag}` };
  const siteB = { ...(await liveSite(request, owner, `Ops Road B ${tag}`)), name: `Ops Road B ${tag}` };
  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const lineOf = (id: number) => ({
    product_id: id,
    from_date: from,
    to_date: addDays(from, 7),
    campaign_id: null,
    customized: false,
  });
  // ₹21,000 + 18 % = ₹24,780; the sandbox refuses this payment's first refund.
  const { orderId } = await apiPaidOrder(request, buyer, [lineOf(siteA.id), lineOf(siteB.id)], 21_000, 1);
  const operator = await operatorSession(request);
  await call(request, operator, 'POST', `/api/ops/orders/${orderId}/refunds`, {
    data: { amount: 700, reason: 'Flex torn for a day' },
    expected: 502,
  });

  await useSessionInPage(page, operator);
  await page.goto('/ops/refunds');
  await expect(page.getByRole('heading', { name: 'Failed refunds' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('failed-refund').filter({ hasText: `#${orderId}` });
  await expect(row).toContainText('Flex torn for a day');
  await expect(row).toContainText('rehearsed outage');
  await row.getByRole('button', { name: /^Abandon the ₹700(\.00)? refund/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Abandon' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Paid back by bank transfer, UTR 4471');
  await dialog.getByRole('button', { name: 'Abandon' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // The order page: the abandoned ₹700 no longer counts against what is left; cancel site A, ₹500 back.
  await page.goto(`/ops/orders/${orderId}`);
  await expect(page.getByText('₹24,780.00').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Cancel ${siteA.name}` }).click();
  const cancel = page.getByRole('dialog');
  // The line's own left (decision 065): its share of the charge, never the order's.
  await expect(cancel).toContainText(/₹12,390(\.00)? left on this line/);
  await cancel.getByLabel(/Reason/).fill('Wall repainted by the society');
  await cancel.getByLabel(/Refund/).fill('500');
  await cancel.getByRole('button', { name: 'Cancel line' }).click();
  await expect(cancel).toBeHidden({ timeout: 30_000 });
  const lineRow = page.getByRole('row').filter({ hasText: siteA.name });
  await expect(lineRow).toContainText('Cancelled');
  await expect(lineRow.getByRole('button', { name: `Cancel ${siteA.name}` })).toHaveCount(0);
  await expect(
    page.getByTestId('ops-refund').filter({ hasText: 'Wall repainted by the society' }),
  ).toContainText(/₹500(\.00)?/);
  await expect(page.getByTestId('ops-refund')).toHaveCount(2);
});
