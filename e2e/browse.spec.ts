import { CONTACT_SUCCESS_MESSAGE } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';

const HERO = { level: 1, name: /Billboard booking made/ } as const;

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  // The first screen of a freshly started server can take a while on a busy machine.
  await expect(page.getByRole('heading', HERO)).toBeVisible({ timeout: 30_000 });
}

/** The number in "Showing N results". */
async function shownCount(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+ results$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
}

test('home -> a recommended campaign -> one of its places -> back home', async ({ page }) => {
  // Three full pages, each checked by axe, on a machine that may be busy.
  test.setTimeout(180_000);
  await openHome(page);
  const recommended = page.getByRole('region', { name: 'Some Recommended Campaigns' });
  const cards = recommended.getByRole('article');
  // Sections below the hero draw their cards as they come near the screen.
  await recommended.scrollIntoViewIfNeeded();
  await expect(cards.first()).toBeVisible();
  const liked = page.getByRole('region', { name: 'Sites you may Like' });
  await liked.scrollIntoViewIfNeeded();
  await expect(liked.getByRole('article')).toHaveCount(4);
  await expect(page.getByText('more....').first()).toBeVisible();
  await expectAccessible(page, 'home');

  // Open the first recommended campaign by clicking its card.
  const campaignName = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
  expect(campaignName).not.toBe('');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Places in this campaign' })).toBeVisible();
  await expectAccessible(page, 'campaign detail');

  // Then one of its places, from the "Places in this campaign" list.
  const place = page
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href^="${campaignPath}/product/"]`) });
  const placeLink = place.first().getByRole('link').first();
  const placeName = (await placeLink.textContent())?.trim() ?? '';
  expect(placeName).not.toBe('');
  await placeLink.click();
  await expect(page).toHaveURL(new RegExp(`${campaignPath}/product/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expectAccessible(page, 'product within a campaign');

  // And back home through the logo.
  await page.getByRole('link', { name: 'AdSpace India home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', HERO)).toBeVisible();
});

test('the contact form checks every field, then sends and thanks the visitor', async ({ page }) => {
  test.setTimeout(150_000);
  await openHome(page);
  // The form loads as its section nears the screen, as it does for a visitor scrolling down.
  await page.getByRole('heading', { name: 'Send us a message' }).scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Please agree to share your details so we can contact you')).toBeVisible();

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await form.getByRole('textbox', { name: 'Company Name' }).fill('Rao Foods');
  await form.getByRole('textbox', { name: 'Phone Number' }).fill('98765');
  await form.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
  await form.getByRole('textbox', { name: 'Message' }).fill('We would like lamp posts in Pune for Diwali.');
  await form.getByRole('checkbox', { name: /I agree to share my details/ }).check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Enter a 10-digit phone number')).toBeVisible();
  await expectAccessible(page, 'home, contact form with errors');

  await form.getByRole('textbox', { name: 'Phone Number' }).fill('9876543210');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_SUCCESS_MESSAGE)).toBeVisible();
  // A sent form starts over.
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(form.getByRole('checkbox', { name: /I agree to share my details/ })).not.toBeChecked();
});

test('searching /campaigns and /products narrows the lists', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Recommended Campaigns' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/^Showing \d+ results$/)).toBeVisible();
  const all = await shownCount(page);
  expect(all).toBeGreaterThan(1);
  await expectAccessible(page, 'campaigns');

  const search = page.getByRole('searchbox', { name: 'Search campaigns' });
  await search.fill('Mumbai');
  await expect(page).toHaveURL(/\/campaigns\?search=Mumbai$/);
  await expect.poll(() => shownCount(page)).toBeLessThan(all);
  const found = await shownCount(page);
  expect(found).toBeGreaterThan(0);
  await expect(page.getByRole('article')).toHaveCount(found);

  await search.fill('no such campaign anywhere');
  await expect(page.getByText('Showing 0 results')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText(`Showing ${all} results`)).toBeVisible();

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Advertising Sites' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ results$/)).toBeVisible();
  const sites = await shownCount(page);
  await expectAccessible(page, 'products');
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Goa' });
  await expect(page).toHaveURL(/state=Goa/);
  await expect.poll(() => shownCount(page)).toBeLessThan(sites);
  // Each card leads to its product page.
  await expect(page.getByRole('article').first().getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/product\/\d+$/,
  );
});

test('an unknown product says it is not found, with the ways on', async ({ page }) => {
  await page.goto('/product/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Site not found' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: 'Browse sites' })).toBeVisible();
  await expectAccessible(page, 'site not found');
});
