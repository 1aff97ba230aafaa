import { expect, type Page, test } from '@playwright/test';
import { randomPhone, readOtp } from './support/auth';
import { apiSignIn } from './support/partners';

/**
 * Cookie sessions (docs/decisions/042): every tab of the browser is signed in, logout in one signs every
 * tab out, a session that ends while a form is open asks to sign in again in place and keeps the form,
 * and a state-changing call from another origin is refused.
 */

const userButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User' });

test('three new tabs are signed in; logout in one signs every tab out at its next step', async ({
  page,
  request,
}) => {
  // Four tabs of a full app on a machine that may be busy: longer than most journeys.
  test.setTimeout(180_000);
  const context = page.context();
  // Signed in through the context's own request: the session cookie lands in this browser.
  const session = await apiSignIn(context.request, randomPhone());
  await page.goto('/');
  await expect(userButton(page)).toBeVisible({ timeout: 30_000 });

  const tabs = [await context.newPage(), await context.newPage(), await context.newPage()];
  await tabs[0].goto('/profile');
  await tabs[1].goto('/my-orders');
  await tabs[2].goto('/products');
  await expect(tabs[0].getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await expect(tabs[0].getByLabel('Phone Number')).toHaveValue(session.phone);
  for (const tab of tabs) await expect(userButton(tab)).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'ooh_session')?.value;
  expect(cookie).toBe(session.cookie);

  // /verify-mobile while signed in keeps the session: it offers to continue (or another number).
  await tabs[2].goto('/verify-mobile');
  await tabs[2].getByRole('button', { name: 'Continue' }).click();
  await expect(tabs[2]).not.toHaveURL(/verify-mobile/);
  await expect(userButton(tabs[2])).toBeVisible();
  await expect(
    (await request.get('/api/auth/user/', { headers: { cookie: `ooh_session=${cookie}` } })).status(),
  ).toBe(200);

  await tabs[2].bringToFront();
  await userButton(tabs[2]).click();
  await tabs[2].getByRole('menuitem', { name: 'Logout' }).click();
  await expect(tabs[2].getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // The server ended the session: the cookie is refused wherever it comes from.
  const reused = await request.get('/api/auth/user/', { headers: { cookie: `ooh_session=${cookie}` } });
  expect(reused.status()).toBe(401);
  // The other tabs, at their next step, are signed out: a signed-in page sends them to sign in.
  await tabs[0].bringToFront();
  await tabs[0].goto('/profile');
  await expect(tabs[0]).toHaveURL(/\/verify-mobile\?redirect=/);
  await tabs[1].bringToFront();
  await tabs[1].reload();
  await expect(tabs[1]).toHaveURL(/\/verify-mobile\?redirect=/);
  await page.bringToFront();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a session ended while a form is open asks to sign in again in place; what was typed is kept and saved', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  const session = await apiSignIn(page.context().request, phone);
  const spent = await readOtp(page, phone);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First Name').fill('Meera');
  await page.getByLabel('Last Name').fill('Iyer');
  await page.getByRole('tab', { name: 'Company Details' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Company Name').fill('Iyer Outdoor');
  await page.getByRole('tab', { name: 'Address/Billing Details' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Address Line 1').fill('4 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('PIN Code').fill('560025');

  // The session ends on the server while the form is open (as at its idle limit): signed out everywhere.
  const ended = await request.delete('/api/auth/sessions', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(ended.status()).toBe(200);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again to continue' });
  await expect(dialog).toBeVisible();
  // The form is still there underneath, with what was typed.
  await expect(page.getByLabel('PIN Code')).toHaveValue('560025');

  await dialog.getByLabel('Phone Number').fill(phone);
  const ask = dialog.getByRole('button', { name: 'Request OTP' });
  await ask.click();
  const otp = dialog.getByLabel('Enter OTP:');
  // The API sign-in above sent this number a code moments ago: wait out the resend lock as a person would.
  const wait = dialog.getByRole('alert').filter({ hasText: /Please wait \d+ seconds? before requesting/ });
  await expect(otp.or(wait)).toBeVisible({ timeout: 60_000 });
  if (await wait.isVisible()) {
    const seconds = Number((await wait.textContent())?.match(/wait (\d+) second/)?.[1] ?? 30);
    await page.waitForTimeout((seconds + 1) * 1000);
    await ask.click();
  }
  await expect(otp).toBeVisible({ timeout: 60_000 });
  await otp.fill(await readOtp(page, phone, spent));
  await dialog.getByRole('button', { name: 'Submit OTP' }).click();

  // Signed in again, the save went through with the values typed before the session ended.
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByLabel('PIN Code')).toHaveValue('560025');
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Meera', { timeout: 30_000 });
  await expect(page.getByLabel('Last Name')).toHaveValue('Iyer');
});

test('signed out in another tab while the profile is being edited: Save asks to sign in again in place, keeps what was typed, then saves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const context = page.context();
  const phone = randomPhone();
  await apiSignIn(context.request, phone);
  const spent = await readOtp(page, phone);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First Name').fill('Kavya');
  await page.getByLabel('Last Name').fill('Rao');
  await page.getByRole('tab', { name: /^Company Details/ }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Company Name').fill('Rao Hoardings');
  await page.getByRole('tab', { name: /^Address\/Billing Details/ }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Address Line 1').fill('9 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').selectOption('West Bengal');
  await page.getByLabel('PIN Code').fill('700016');

  // A second tab of the same browser signs out (the server ends the session and removes the shared cookies).
  const other = await context.newPage();
  await other.goto('/');
  await userButton(other).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // Back in the first tab: it learns of the logout as it comes to the front (the window's focus event, which
  // a person's switch of tabs fires and headless Chromium's bringToFront does not), and the form stays as typed.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('PIN Code')).toHaveValue('700016');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again to continue' });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Kolkata');

  await dialog.getByLabel('Phone Number').fill(phone);
  const ask = dialog.getByRole('button', { name: 'Request OTP' });
  await ask.click();
  const otp = dialog.getByLabel('Enter OTP:');
  // The API sign-in above sent this number a code moments ago: wait out the resend lock as a person would.
  const wait = dialog.getByRole('alert').filter({ hasText: /Please wait \d+ seconds? before requesting/ });
  await expect(otp.or(wait)).toBeVisible({ timeout: 60_000 });
  if (await wait.isVisible()) {
    const seconds = Number((await wait.textContent())?.match(/wait (\d+) second/)?.[1] ?? 30);
    await page.waitForTimeout((seconds + 1) * 1000);
    await ask.click();
  }
  await expect(otp).toBeVisible({ timeout: 60_000 });
  await otp.fill(await readOtp(page, phone, spent));
  await dialog.getByRole('button', { name: 'Submit OTP' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  // Signed in again in this tab: the header names the person by the name just saved.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Kavya' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Kavya', { timeout: 30_000 });
  await expect(page.getByLabel('Last Name')).toHaveValue('Rao');
});

test('a state-changing call with the session cookie but another origin is refused', async ({ page }) => {
  const context = page.context();
  await apiSignIn(context.request, randomPhone());
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  // context.request sends the browser's cookies as a cross-site form or fetch would, if SameSite let it.
  const foreign: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { referer: 'https://evil.example/page' },
    {},
  ];
  for (const headers of foreign) {
    const res = await context.request.post('/api/auth/logout', { headers });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
  }
  // Nothing happened: still signed in. The site's own origin may.
  expect((await context.request.get('/api/auth/user/')).status()).toBe(200);
  expect((await context.request.post('/api/auth/logout', { headers: { origin } })).status()).toBe(200);
  expect((await context.request.get('/api/auth/user/')).status()).toBe(401);
});
