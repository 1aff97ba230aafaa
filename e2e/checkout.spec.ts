import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';
import { transitionsDone } from './support/transitions';

const SUCCESS_TEXT = 'Please click on the below button your check your oder details and status';

/** Opens a picker by its calendar button and returns the calendar dialog. */
async function openCalendar(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await transitionsDone(calendar);
  return calendar;
}
const enabledDays = (calendar: Locator) => calendar.locator('button[role="gridcell"]:not([disabled])');

/** A start `yearsAhead` years on (beyond the demo bookings), the end at the first day the end calendar offers. */
async function chooseDates(
  page: Page,
  startButton: string,
  endButton: string,
  yearsAhead: number,
): Promise<void> {
  const start = await openCalendar(page, startButton);
  await start.getByRole('button', { name: /switch to year view/ }).click();
  await start.getByRole('radio', { name: String(new Date().getFullYear() + yearsAhead) }).click();
  await enabledDays(start).first().click();
  await expect(start).toBeHidden();
  const end = await openCalendar(page, endButton);
  await end.getByRole('button', { name: 'Next month' }).click();
  await end.getByRole('button', { name: 'Next month' }).click();
  await enabledDays(end).first().click();
  await expect(end).toBeHidden();
}

async function addCard(card: Locator): Promise<void> {
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: `Add ${name} to your campaign` }).click();
  await expect(card.getByRole('button', { name: `Remove ${name} from your campaign` })).toBeVisible();
}

/** The cart: terms are required, then Proceed checks the dates and goes to checkout. */
async function proceedFromCart(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Cart, \d+ items$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('total-payable')).toContainText('₹');
  await expectAccessible(page, 'cart');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Please accept the terms and conditions to proceed.')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/user-details\?from=cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

/** The required details of a new buyer (docs/product-spec.md section 5). */
async function fillDetails(page: Page): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(field('First Name')).toBeVisible();
  await field('First Name').fill('Asha');
  await field('Last Name').fill('Rao');
  await field('Company Name').fill('Rao Foods Pvt Ltd');
  await field('Address Line 1').fill('12 MG Road');
  await field('City').fill('Pune');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field('PIN Code').fill('411001');
}

const sandboxFrame = (page: Page) => page.frameLocator('iframe[title="Sandbox payment window"]');

test('from an empty browser: build a campaign, cart, checkout, pay in the sandbox, see it under Upcoming', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const campaignName = `Checkout Journey ${Date.now() % 100000}`;

  // Browse and build: two sites with dates.
  await page.goto('/customize');
  await expect(page.getByRole('heading', { name: /^Showing \d+ results$/ })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'customize');
  await page.getByRole('button', { name: 'Edit campaign name' }).click();
  await page.getByRole('textbox', { name: 'Campaign name' }).fill(campaignName);
  await chooseDates(page, 'Choose start date', 'Choose end date', 2);
  const cards = page.getByRole('main').getByRole('article');
  await addCard(cards.nth(0));
  await addCard(cards.nth(1));

  // Preview, then Add to Cart, which needs sign-in and comes back here.
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/customized-campaign-preview$/);
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expectAccessible(page, 'preview');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/verify-mobile\?redirect=/);
  await expectAccessible(page, 'sign-in');
  await signIn(page, randomPhone());
  await expect(page).toHaveURL(/\/customized-campaign-preview$/);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expectAccessible(page, 'saved campaign in the cart');

  await proceedFromCart(page);

  // Checkout, already signed in: Login Details is closed and disabled, the details are open.
  await expect(page.getByRole('button', { name: /Login Details/ })).toBeDisabled();
  await fillDetails(page);
  await expectAccessible(page, 'checkout');
  await page.getByRole('radio', { name: /Razorpay/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The sandbox payment window.
  const payment = page.getByRole('dialog', { name: 'Complete your payment' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const pay = sandboxFrame(page).getByRole('button', { name: /^Pay / });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'sandbox payment window');
  await pay.click();

  const success = page.getByRole('dialog', { name: 'Payment Successful' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText(SUCCESS_TEXT);
  await expectAccessible(page, 'payment successful');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  await success.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // My Orders: saved by default, the paid campaign under Upcoming.
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Saved Campaigns' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: campaignName })).toBeVisible();
  await expectAccessible(page, 'my orders, saved');
  await page.getByRole('tab', { name: 'Upcoming Campaigns' }).click();
  const booked = page.getByRole('article', { name: campaignName });
  await expect(booked).toBeVisible();
  await expect(booked.getByText('Paid', { exact: true })).toBeVisible();
  await expect(booked.getByText('2 sites')).toBeVisible();
  await expectAccessible(page, 'my orders, upcoming');
});

test('a failed payment says so plainly, keeps the sites reserved, and the retry pays the same order', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // A standard campaign into the cart as a visitor.
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Recommended Campaigns' })).toBeVisible({
    timeout: 30_000,
  });
  await page.locator('a[href^="/campaign/"]').first().click();
  await expect(page.getByRole('heading', { name: 'Places in this campaign' })).toBeVisible();
  await chooseDates(
    page,
    'Choose start date for the whole campaign',
    'Choose end date for the whole campaign',
    3,
  );
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  await proceedFromCart(page);

  // Not signed in: only Login Details is open; the details wait for sign-in.
  await expect(page.getByRole('button', { name: /Basic Details/ })).toBeDisabled();
  await expectAccessible(page, 'checkout before sign-in');
  await signIn(page, randomPhone(), { requestButton: 'Submit Phone Number', submitButton: 'Submit OTP' });
  await expect(page.getByRole('button', { name: /Login Details/ })).toBeDisabled();
  await fillDetails(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  const payment = page.getByRole('dialog', { name: 'Complete your payment' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const frame = page.locator('iframe[title="Sandbox payment window"]');
  const firstWindow = await frame.getAttribute('src');
  await sandboxFrame(page).getByRole('button', { name: 'Fail' }).click();
  await expect(payment).toBeHidden();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText(
    /Payment failed - no money was taken\. Your sites stay reserved until \d{2}:\d{2} IST; try again\./,
  );
  await expectAccessible(page, 'payment failed');
  // Nothing was emptied: the cart still holds the campaign.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toHaveLength(1);

  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(payment).toBeVisible({ timeout: 20_000 });
  expect(await frame.getAttribute('src')).toBe(firstWindow);
  await sandboxFrame(page).getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
});
