import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, readOtp, signIn } from './support/auth';

test('a signed-out visitor opens /profile, signs in with a code, fills the profile and logs out', async ({
  page,
  request: api,
}) => {
  // A long journey with a proof-of-work bot check in it, on a machine that may be busy.
  test.setTimeout(180_000);
  const phone = randomPhone();

  await page.goto('/profile');
  // The first screen of a freshly started server can take a while on a busy machine.
  await expect(page).toHaveURL(/\/verify-mobile\?redirect=\/profile$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Login to/ })).toBeVisible();
  await expect(page.getByText('Please enter your phone number to login')).toBeVisible();
  const request = page.getByRole('button', { name: 'Request OTP' });
  await expect(request).toBeDisabled();
  await page.getByLabel('Phone Number').fill(phone.slice(0, 9));
  await expect(request).toBeDisabled();
  await expectAccessible(page, 'sign-in, step 1');

  await signIn(page, phone);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Basic Details' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'profile');

  // Read-only until Edit; the phone number stays read-only.
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone);
  await page.getByRole('button', { name: 'Edit' }).click();
  await firstName.fill('Asha');
  await page.getByLabel('Last Name').fill('Rao');
  await page.getByLabel('Email (Optional)').fill('asha@example.com');

  // Switching tabs locks the fields again.
  await page.getByRole('tab', { name: 'Company Details' }).click();
  const company = page.getByLabel('Company Name');
  await expect(company).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Edit' }).click();
  await company.fill('Rao Outdoor Media');
  await page.getByLabel('Company PAN (Optional)').fill('ABCDE1234');
  await page.getByRole('tab', { name: 'Address/Billing Details' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Address Line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('41100');
  // Problems on other tabs: saving opens the tab of the first one, unlocked, with the message at the field.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('tab', { name: 'Company Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Enter a valid 10-character PAN')).toBeVisible();
  await page.getByLabel('Company PAN (Optional)').fill('abcde1234f');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('tab', { name: 'Address/Billing Details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Enter a 6-digit PIN code')).toBeVisible();
  await page.getByLabel('PIN Code').fill('411001');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Asha' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Asha');
  await expect(page.getByLabel('Last Name')).toHaveValue('Rao');
  await page.getByRole('tab', { name: 'Company Details' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Rao Outdoor Media');
  await expect(page.getByLabel('Company PAN (Optional)')).toHaveValue('ABCDE1234F');
  await page.getByRole('tab', { name: 'Address/Billing Details' }).click();
  await expect(page.getByLabel('PIN Code')).toHaveValue('411001');

  const userButton = page.getByRole('banner').getByRole('button', { name: 'Asha' });
  await expect(userButton).toBeVisible();
  await userButton.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
  // The browser's credential is the HttpOnly session cookie; no script and no storage holds a token.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ooh_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(await page.evaluate('document.cookie')).not.toContain('ooh_session');
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await revoked).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  // Logout ends the session on the server too: a copy of the old cookie no longer works anywhere.
  const reused = await api.get('/api/auth/user/', {
    headers: { cookie: `ooh_session=${cookie?.value}` },
  });
  expect(reused.status()).toBe(401);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('ooh_session');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate("sessionStorage.getItem('token')")).toBeNull();
});

test('a wrong code says how many tries are left; the right one then signs in', async ({ page }) => {
  const phone = randomPhone();
  await page.goto('/verify-mobile');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Request OTP' }).click();

  const otp = page.getByLabel('Enter OTP:');
  await expect(otp).toBeVisible({ timeout: 60_000 });
  await expect(otp).toBeFocused();
  await expect(page.getByText(/^Resend OTP in \d+ s$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Otp' })).toHaveCount(0);
  await expectAccessible(page, 'sign-in, step 2');

  const code = await readOtp(page, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await expect(page.getByRole('button', { name: 'Submit OTP' })).toHaveCount(0);
  await otp.fill(wrong);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong code. 4 tries left.');
  await expectAccessible(page, 'sign-in, wrong code');

  await otp.fill(code);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // Opened directly (no history, no redirect): home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'User' })).toBeVisible();
});
