import { expect, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';

/**
 * The bot check itself, on the one server that has it on (BOT_CHECK=on, the `bot-check` project of
 * playwright.config.ts): the journey servers run with it off, so no other journey spends the proof of work.
 * In Chromium the sign-in form solves the real ALTCHA challenge before the code is sent; a send without a
 * solved challenge is refused and sends nothing.
 */
test('the sign-in form passes the real bot check; a send without it is refused', async ({
  page,
  request,
}) => {
  // A proof of work in the browser, on a machine that may be busy.
  test.setTimeout(120_000);
  const refused = await request.post('/api/auth/otp/send', { data: { phone_number: randomPhone() } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('bot_check_failed');

  const phone = randomPhone();
  await page.goto('/verify-mobile');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/otp/send') && r.method() === 'POST');
  await signIn(page, phone);
  const token = (await sent).postDataJSON() as { bot_token?: string };
  // The token carries the solved challenge, which the server checked before sending the code.
  expect(token.bot_token).toBeTruthy();
  await expect(page.getByRole('banner').getByRole('button', { name: 'User' })).toBeVisible();
});
