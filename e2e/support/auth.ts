import { expect, type Page } from '@playwright/test';
import { devOutbox } from './dev-key';

/**
 * Sign-in helpers for the journeys. Each run uses its own random number: the API allows 5 codes per number
 * per hour, and a fresh number is also a fresh user.
 */
/**
 * Headers for a state-changing call a journey makes with its page's session cookie (`page.request`
 * shares the browser's cookies): the API asks such calls to name the site in Origin, as a browser's own
 * fetch does (docs/decisions/042).
 */
export function sameSite(page: Page): Record<string, string> {
  return { origin: new URL(page.url()).origin };
}

export function randomPhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** The newest code texted to the number, read from the dev SMS outbox (console provider). */
export async function readOtp(page: Page, phone: string, notThis?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(devOutbox('sms-outbox', { phone_number: phone }));
        if (!response.ok()) return '';
        const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
        // Newest first.
        code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code && code !== notThis ? code : '';
      },
      { message: 'a sign-in code in the dev SMS outbox', timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

export interface SignInOptions {
  /** The send button's text: "Request OTP" on /verify-mobile, "Submit Phone Number" at checkout. */
  requestButton?: string;
  submitButton?: string;
  /** Open /verify-mobile first (default: only when no phone field is on the page). */
  open?: boolean;
}

/**
 * Signs in with the phone-and-code form on the current page (or /verify-mobile): enters the number, waits
 * out the invisible bot check, reads the code from the outbox and submits it. Resolves once signed in
 * (the session cookie set, the profile cached in session storage).
 */
export async function signIn(page: Page, phone: string, options: SignInOptions = {}): Promise<void> {
  const phoneField = page.getByLabel('Phone Number', { exact: false }).first();
  if (options.open ?? !(await phoneField.isVisible())) {
    await page.goto('/verify-mobile');
    // Signed in already (cookie sessions, docs/decisions/042): the screen offers to continue; take the
    // other way, as someone signing in with another number would.
    const another = page.getByRole('button', { name: 'Sign in with another number' });
    await expect(phoneField.or(another)).toBeVisible({ timeout: 30_000 });
    if (await another.isVisible()) await another.click();
  }
  await phoneField.fill(phone);
  const request = page.getByRole('button', { name: options.requestButton ?? 'Request OTP' });
  await request.click();
  const otp = page.getByLabel('Enter OTP:');
  // The bot check (proof of work) takes a second or two in a browser. A number another journey signed in
  // moments ago (the demo operator) meets the 30-second resend lock: the page says how long, as a user
  // would read it, wait that long and ask again.
  const wait = page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds? before requesting/ });
  await expect(otp.or(wait)).toBeVisible({ timeout: 60_000 });
  if (await wait.isVisible()) {
    const seconds = Number((await wait.textContent())?.match(/wait (\d+) second/)?.[1] ?? 30);
    await page.waitForTimeout((seconds + 1) * 1000);
    await request.click();
  }
  await expect(otp).toBeVisible({ timeout: 60_000 });
  await otp.fill(await readOtp(page, phone));
  await page.getByRole('button', { name: options.submitButton ?? 'Submit OTP' }).click();
  // Signed in once the user record is stored (after the code and login_with_phone).
  await expect
    .poll(() => page.evaluate("sessionStorage.getItem('user_details')"), {
      message: 'signed in',
      timeout: 20_000,
    })
    .not.toBeNull();
}
