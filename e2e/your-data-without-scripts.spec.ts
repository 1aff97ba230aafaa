import { mkdirSync } from 'node:fs';
import { CONSENT_NOTICE } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';
import { OPERATOR_STATE } from './support/saved-sessions';

/**
 * Personal data (DPDP Act 2023 s.5-6, s.11-12): the consent notice shows, in English and Hindi, beside the
 * number before a code is asked for; on the profile, "Your data" downloads everything, gives and withdraws marketing
 * consent and erases the account, as plain forms that work with scripts off (DESIGN 2).
 */

const SCREENS = '.tmp/screens';

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/your-data-${name}-${width}.png`, fullPage: true });
  }
}

test('the sign-in page shows the consent notice before the code is asked for', async ({ browser }) => {
  mkdirSync(SCREENS, { recursive: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/verify-mobile');
  const notice = page.getByRole('region', { name: 'Consent notice' });
  await expect(notice).toContainText(CONSENT_NOTICE.en.points[0]!);
  // The Hindi text opens in a native <details>.
  await notice.getByText('Read in Hindi').click();
  await expect(notice.getByText(CONSENT_NOTICE.hi.points[0]!)).toBeVisible();
  await shoot(page, 'notice');
  await context.close();
});

test('with scripts off, a person saves a marketing choice, finds the download, and erases the account', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  const signing = await browser.newContext();
  const signInPage = await signing.newPage();
  await signIn(signInPage, randomPhone(), { open: true });
  const session = await signing.storageState();
  await signing.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: session });
  const page = await context.newPage();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
    'href',
    '/api/me/data',
  );
  // The sign-in above sent the notice's version, and the account kept it.
  await expect(section).toContainText('You accepted the sign-in notice');

  const marketing = section.getByRole('checkbox', { name: /Send me new sites/ });
  await expect(marketing).not.toBeChecked();
  await marketing.check();
  await section.getByRole('button', { name: 'Save marketing choice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we may send you new sites' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your data' }).getByRole('checkbox', { name: /Send me new sites/ }),
  ).toBeChecked();
  await shoot(page, 'profile');

  // Withdrawn the same way.
  await page.getByRole('checkbox', { name: /Send me new sites/ }).uncheck();
  await page.getByRole('button', { name: 'Save marketing choice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'will not send you marketing' })).toBeVisible();

  await page.getByRole('checkbox', { name: /my account will be erased/ }).check();
  await page.getByRole('button', { name: 'Erase my account' }).click();
  await expect(page).toHaveURL(/\/account-erased$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account is erased' })).toBeVisible();
  await shoot(page, 'erased');
  // The session ended with the account.
  const me = await context.request.get('/api/auth/user/');
  expect(me.status()).toBe(401);
  await context.close();
});

test('with scripts off, an operator records a breach and its steps in the register', async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: OPERATOR_STATE });
  const page = await context.newPage();
  await page.goto('/ops/breaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Breach register' })).toBeVisible();
  const tag = `Leaked export ${Date.now()}`;
  // An hour ago on the operator's IST clock, as the datetime-local field takes it.
  const hourAgoIst = new Date(Date.now() + 4.5 * 3_600_000).toISOString().slice(0, 16);
  await page.getByLabel('Became known at (IST)').fill(hourAgoIst);
  await page.getByLabel('People affected').fill('12');
  await page.getByLabel('What happened').fill(`${tag}: a bookings CSV was mailed to the wrong owner.`);
  await page.getByLabel('Which data, and whose').fill('12 buyers: names and phone numbers.');
  await page.getByLabel('Likely impact on the people').fill('Unsolicited calls.');
  await page.getByRole('button', { name: 'Record breach' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Breach recorded' })).toBeVisible();

  const card = page.getByTestId(/^breach-\d+$/).filter({ hasText: tag });
  await expect(card).toContainText('Open');
  await card.getByLabel('Data Protection Board told at (IST)').fill(hourAgoIst);
  await card.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'step recorded' })).toBeVisible();
  const told = page.getByTestId(/^breach-\d+$/).filter({ hasText: tag });
  await expect(told.getByLabel('Affected people told at (IST)')).toBeVisible();
  await expect(told).not.toContainText('Board told: not yet');
  await shoot(page, 'breaches');
  await context.close();
});
