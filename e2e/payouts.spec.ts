import { addDays, type PartnerProofLine, todayIst } from '@ooh/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  type Session,
  uniqueTag,
} from './support/partners';
import { noSidewaysScroll, pageAs, payoutOfLine, payouts, postProof } from './support/payouts';

/**
 * Payouts released by verified proof (docs/product-rules.md, "Payouts"; decision 047), end to end on the
 * demo data: the seed's buyer 9999900007 paid for three sites of the demo owner 9999900001 from yesterday,
 * creatives approved, so proofs can be posted at once (a new booking starts a week out at the earliest).
 * A Verified proof releases its line's payout; an Unverified one waits for an operator, who accepts it; a
 * line the buyer cancels before release has its transfer reversed. Each side reads it on its own screen.
 * The first journey needs the demo order's lines to have their held payouts, as a paid order's lines do.
 */

const OWNER_PHONE = '9999900001';
const BUYER_PHONE = '9999900007';
const DEMO_CAMPAIGN = 'Monsoon chai launch';

test('a verified proof releases the payout; an unverified one waits for the operator, who accepts it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiSignIn(request, OWNER_PHONE);
  const operator = await operatorSession(request);

  // The demo order's lines whose payouts are still held (an earlier journey may have released one).
  const proofLines = (
    (await (await call(request, owner, 'GET', '/api/partner/proofs', { expected: 200 })).json()) as {
      data: PartnerProofLine[];
    }
  ).data.filter((l) => l.campaign_name === DEMO_CAMPAIGN && l.can_post_proof);
  const start = await payouts(request, owner, '/api/partner/payouts');
  const heldLines = proofLines.filter((l) =>
    start.payouts.some((p) => p.line_id === l.id && p.state === 'held'),
  );
  expect(heldLines.length, 'two demo lines with held payouts').toBeGreaterThanOrEqual(2);
  const [verifiedLine, unverifiedLine] = heldLines;

  // 1. A photo taken at the site, now: Verified, and the line's payout is released.
  expect((await postProof(request, owner, verifiedLine, 80)).verified).toBe(true);
  const released = await payoutOfLine(request, owner, verifiedLine.id, 'released');

  // 2. A photo 2 km away: Unverified; the payout waits for an operator's decision.
  expect((await postProof(request, owner, unverifiedLine, 2000)).verified).toBe(false);
  const waiting = await payoutOfLine(request, owner, unverifiedLine.id, 'held');
  expect(waiting.hold_reason).toBe('proof_unverified');

  // The owner's console: Payouts shows the released line, the other held and why.
  const ownerPage = await pageAs(browser, owner);
  await ownerPage.goto('/partner');
  await ownerPage
    .getByRole('navigation', { name: 'Media owner console' })
    .getByRole('tab', { name: 'Payouts' })
    .click();
  await expect(ownerPage.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const releasedRow = ownerPage.locator(`#payout-${released.id}`);
  await expect(releasedRow.getByTestId('payout-state')).toHaveText('Released');
  await expect(releasedRow).toContainText(/Released on \d{1,2} \w{3} \d{4}/);
  const waitingRow = ownerPage.locator(`#payout-${waiting.id}`);
  await expect(waitingRow.getByTestId('payout-state')).toHaveText('Held');
  await expect(waitingRow).toContainText('Proof could not be verified: our team is checking it');
  await expect(ownerPage.getByTestId('linked-account')).toContainText('Bank ••••');
  await expectAccessible(ownerPage, 'partner payouts');

  // 3. The operator: "Waiting on a proof decision" shows the photo; Accept with a reason releases it.
  const opsPage = await pageAs(browser, operator);
  await opsPage.goto('/ops/payouts');
  await opsPage.getByRole('tab', { name: 'Waiting on a proof decision' }).click();
  const card = opsPage.getByTestId('proof-decision').filter({ hasText: unverifiedLine.site.name });
  await expect(
    card.getByRole('img', { name: `Proof photo of ${unverifiedLine.site.name}` }).first(),
  ).toBeVisible();
  await card.getByRole('button', { name: `Accept the proof for ${unverifiedLine.site.name}` }).click();
  const dialog = opsPage.getByRole('dialog', { name: `Accept the proof for ${unverifiedLine.site.name}` });
  await dialog.getByRole('button', { name: 'Accept proof' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('The hoarding is in the photo; taken from the flyover');
  await dialog.getByRole('button', { name: 'Accept proof' }).click();
  await expect(opsPage.getByText(/^Proof accepted: ₹[\d,.]+ released to /)).toBeVisible();
  await expect(dialog).toBeHidden();
  await payoutOfLine(request, owner, unverifiedLine.id, 'released');
  await expectAccessible(opsPage, 'ops payouts, waiting on a proof decision');

  // The buyer of the demo order: the promise, and the released line says the owner was paid after proof.
  const demoBuyer = await apiSignIn(request, BUYER_PHONE);
  const buyerPage = await pageAs(browser, demoBuyer, 375);
  await buyerPage.goto(`/my-orders/${verifiedLine.order_id}`);
  await expect(buyerPage.getByTestId('payout-promise')).toHaveText(
    'The media owner is paid only after we verify the photo proof that your ad is up.',
  );
  await expectBuyerLineWords(
    request,
    demoBuyer,
    buyerPage,
    verifiedLine.order_id,
    verifiedLine.id,
    'Owner paid after proof verified',
  );
  await noSidewaysScroll(buyerPage, 'the buyer order page at 375 px');
  for (const p of [ownerPage, opsPage, buyerPage]) await p.context().close();
});

/** The buyer's order page says the line's payout in the buyer's words (the API's payout_state), no amounts. */
async function expectBuyerLineWords(
  request: APIRequestContext,
  buyer: Session,
  page: Page,
  orderId: number,
  lineId: number,
  words: string,
) {
  const detail = (await (
    await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })
  ).json()) as {
    lines: Array<{ id: number; payout_state?: string }>;
  };
  expect(detail.lines.find((l) => l.id === lineId)?.payout_state, 'the line has a payout').toBeTruthy();
  await expect(page.getByTestId(`order-line-${lineId}`).getByTestId('line-payout')).toHaveText(words);
}

test('a paid line is held until it starts; cancelled before release, its transfer is reversed', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await approvedOwner(request);
  const siteName = `Payout Road ${uniqueTag()}`;
  const site = await liveSite(request, owner, siteName);
  const buyer = await apiSignIn(request);
  const from = addDays(todayIst(), 20);
  const { orderId } = await apiPaidOrder(
    request,
    buyer,
    [
      {
        product_id: site.id,
        from_date: from,
        to_date: addDays(from, 7),
        campaign_id: null,
        customized: false,
      },
    ],
    1500 * 7,
  );
  const order = (await (
    await call(request, buyer, 'GET', `/api/orders/${orderId}`, { expected: 200 })
  ).json()) as {
    lines: Array<{ id: number }>;
  };
  const lineId = order.lines[0].id;
  const held = await payoutOfLine(request, owner, lineId, 'held');
  expect(held.hold_reason).toBe('not_started');

  // The owner's bookings: the line's payout in a few words, linking to Payouts.
  const ownerPage = await pageAs(browser, owner);
  await ownerPage.goto('/partner/bookings');
  await ownerPage.getByRole('link', { name: 'Payout held: not started' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/partner/payouts#payout-${held.id}$`));
  await expect(ownerPage.locator(`#payout-${held.id}`)).toContainText('The booking has not started yet');

  // The buyer sees the promise; a line that starts in 20 days is not yet "waiting for proof" (a proof can be
  // posted from its first day), so the line says nothing of its payout yet.
  const buyerPage = await pageAs(browser, buyer);
  await buyerPage.goto(`/my-orders/${orderId}`);
  await expect(buyerPage.getByTestId('payout-promise')).toBeVisible();
  await expect(buyerPage.getByTestId(`order-line-${lineId}`)).toBeVisible();
  await expect(buyerPage.getByTestId(`order-line-${lineId}`).getByTestId('line-payout')).toHaveCount(0);
  await expectAccessible(buyerPage, 'the buyer order page');
  for (const width of [375, 768, 1280]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(buyerPage, `the buyer order page at ${width} px`);
    await buyerPage.evaluate(() => window.scrollTo(0, 0));
    await buyerPage.screenshot({ path: `.tmp/screens/payouts-buyer-order-${width}.png`, fullPage: true });
  }

  // The buyer cancels the line 20 days ahead (a full refund): the held transfer is reversed in full.
  await call(request, buyer, 'POST', `/api/orders/${orderId}/cancel`, {
    data: { line_ids: [lineId], confirm: true },
    expected: 200,
  });
  const reversed = await payoutOfLine(request, owner, lineId, 'reversed');
  expect(reversed.amount).toBe(0);
  await buyerPage.reload();
  await expectBuyerLineWords(
    request,
    buyer,
    buyerPage,
    orderId,
    lineId,
    'Refunded: the owner is not paid for this',
  );

  // The operator's ledger, filtered to that owner: the line reads Reversed, with no action left on it.
  const opsPage = await pageAs(browser, await operatorSession(request));
  await opsPage.goto(`/ops/payouts?owner=${owner.ownerId}`);
  const row = opsPage
    .getByRole('grid', { name: 'Payout ledger' })
    .getByRole('row')
    .filter({ hasText: siteName });
  await expect(row.getByTestId('payout-state')).toHaveText('Reversed');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The owner's Payouts page at a phone's width: the reversed line as a card.
  await ownerPage.setViewportSize({ width: 375, height: 900 });
  await ownerPage.goto('/partner/payouts');
  const reversedCard = ownerPage.locator(`#payout-${reversed.id}`);
  await expect(reversedCard.getByTestId('payout-state')).toHaveText('Reversed');
  await expect(reversedCard).toContainText('Reversed in full (booking refunded before release)');
  await expect(ownerPage.getByTestId('payout-total-reversed')).toHaveText(/^₹[1-9]/);
  await noSidewaysScroll(ownerPage, 'partner payouts at 375 px');
  await expectAccessible(ownerPage, 'partner payouts with a reversal');
  for (const p of [ownerPage, buyerPage, opsPage]) await p.context().close();
});
