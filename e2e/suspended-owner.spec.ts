import type { PartnerProofLine } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { apiSignIn, call, operatorSession, uniqueTag } from './support/partners';
import { noSidewaysScroll, pageAs, payoutOfLine, payouts, photoAt } from './support/payouts';

/**
 * Issue 45 (DESIGN 7): a suspended owner still posts proofs for its paid bookings and reads the real
 * reason of its suspension; the payout its proof earns stays held until reinstatement (never "released"
 * with no transfer made), and is released then. On the demo order of owner 9999900001 (lines started
 * yesterday, creatives approved); the owner is reinstated at the end whatever happens, and this file runs
 * after payouts.spec.ts and proof-of-posting.spec.ts on a worker (the seed's demo order has three lines).
 */

const OWNER_PHONE = '9999900001';
const DEMO_CAMPAIGN = 'Monsoon chai launch';

test('a suspended owner posts a proof on a paid booking, sees the reason; the payout waits for reinstatement', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiSignIn(request, OWNER_PHONE);
  const operator = await operatorSession(request);
  const me = (await (await call(request, owner, 'GET', '/api/partner/me', { expected: 200 })).json()) as {
    data: { id: number };
  };
  const lines = (
    (await (await call(request, owner, 'GET', '/api/partner/proofs', { expected: 200 })).json()) as {
      data: PartnerProofLine[];
    }
  ).data.filter((l) => l.campaign_name === DEMO_CAMPAIGN && l.can_post_proof);
  const held = (await payouts(request, owner, '/api/partner/payouts')).payouts.filter(
    (p) => p.state === 'held',
  );
  const line = lines.reverse().find((l) => held.some((p) => p.line_id === l.id));
  expect(line, 'a demo line whose payout is still held').toBeTruthy();

  const reason = `Bank details under review ${uniqueTag()}`;
  await call(request, operator, 'POST', `/api/ops/media-owners/${me.data.id}/suspend`, {
    data: { reason },
    expected: 200,
  });
  try {
    // The console: the real reason, and the paid booking still takes its proof.
    const page = await pageAs(browser, owner, 375);
    await page.goto('/partner/proofs');
    const notice = page.getByTestId('suspension-notice');
    await expect(notice).toContainText(`Reason: ${reason}`, { timeout: 30_000 });
    await expect(page.getByText(/was not approved/)).toHaveCount(0);
    const card = page.locator(`[data-testid="proof-line"][data-line-id="${line!.id}"]`);
    await expect(card).toBeVisible();
    const before = await card.getByTestId('proof-card').count();
    const photo = await photoAt(line!.site.latitude! + 80 / 111_195, line!.site.longitude!);
    await card
      .locator('input[type="file"][capture]')
      .setInputFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(card.getByTestId('proof-card')).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(card.getByTestId('proof-card').first().getByTestId('proof-verdict')).toHaveText('Verified');
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await noSidewaysScroll(page, `the suspended owner's proofs at ${width} px`);
      await page.screenshot({ path: `.tmp/screens/suspended-proofs-${width}.png`, fullPage: true });
    }

    // Verified, and still held: the owner reads why.
    const payout = await payoutOfLine(request, owner, line!.id, 'held');
    expect(payout).toMatchObject({ hold_reason: 'owner_suspended', released_at: null });
    await page.goto(`/partner/payouts#payout-${payout.id}`);
    const row = page.locator(`#payout-${payout.id}`);
    await expect(row.getByTestId('payout-state')).toHaveText('Held', { timeout: 30_000 });
    await expect(row).toContainText('Held while your account is suspended: paid when it is reinstated');
    await expect(page.getByTestId('suspension-notice')).toContainText(`Reason: ${reason}`);
    await page.screenshot({ path: '.tmp/screens/suspended-payouts-1280.png', fullPage: true });
    await page.context().close();
  } finally {
    await call(request, operator, 'POST', `/api/ops/media-owners/${me.data.id}/reinstate`, {
      data: { reason: 'Bank details confirmed' },
      expected: 200,
    });
  }
  // Reinstated: the verified proof releases the payout.
  await payoutOfLine(request, owner, line!.id, 'released');
});
