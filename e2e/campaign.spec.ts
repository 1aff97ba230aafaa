import {
  bookingPickerRules,
  earliestStartDate,
  formatDay,
  type Product,
  type ProductListResponse,
} from '@ooh/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';
import { transitionsDone } from './support/transitions';

const MISSING_DATES = 'Please select the date for all products in this campaign.';
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const monthLabel = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));

/** Opens a picker by its calendar button and returns the calendar dialog. */
async function openCalendar(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await transitionsDone(calendar);
  return calendar;
}

const enabledDays = (calendar: Locator) => calendar.locator('button[role="gridcell"]:not([disabled])');
const day = (calendar: Locator, iso: string) =>
  calendar.getByRole('gridcell', { name: String(Number(iso.slice(8, 10))), exact: true });

/** Whole-campaign (or single-site) dates two years ahead, beyond every booking of the demo catalogue. */
async function pickFarDates(page: Page, context = ''): Promise<void> {
  const start = await openCalendar(page, `Choose start date${context}`);
  await start.getByRole('button', { name: /switch to year view/ }).click();
  await start.getByRole('radio', { name: String(new Date().getFullYear() + 2) }).click();
  await enabledDays(start).first().click();
  await expect(start).toBeHidden();
  const end = await openCalendar(page, `Choose end date${context}`);
  await enabledDays(end).first().click();
  await expect(end).toBeHidden();
}

test('a standard campaign: dates for the whole campaign, add to cart, kept after a reload', async ({
  page,
}) => {
  // Four pages checked by axe and a reload, on a machine that may be busy.
  test.setTimeout(180_000);
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Recommended Campaigns' })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'campaigns');
  await page.locator('a[href^="/campaign/"]').first().click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Places in this campaign' })).toBeVisible();
  await expect(page.getByText('Dates Not Selected').first()).toBeVisible();
  await expectAccessible(page, 'campaign detail');

  // Without dates the cart refuses the campaign with the product spec's alert.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const alert = page.getByRole('dialog');
  await expect(alert).toContainText(MISSING_DATES);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The end picker waits for a start.
  await expect(page.getByRole('button', { name: 'Choose end date for the whole campaign' })).toBeDisabled();
  await pickFarDates(page, ' for the whole campaign');

  // Every place took the dates and is reported available.
  const places = page.locator('[data-testid^="place-"]');
  const count = await places.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expect(places.getByText('Available', { exact: true })).toHaveCount(count);
  await expectAccessible(page, 'campaign detail with dates');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from Cart' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from Cart' })).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);

  // A place opens as a product within the campaign, which knows the campaign is in the cart.
  const firstPlace = places.first().getByRole('link');
  const placeName = (await firstPlace.textContent()) ?? '';
  await firstPlace.click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${campaignPath}/product/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expectAccessible(page, 'product within a campaign');
});

test('a product page: zoom and rotate the photo, booked dates disabled, dates chosen, add to and remove from the campaign', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A site with booked dates in the month its start calendar opens on (the demo catalogue has bookings).
  const list = (await (await request.get('/api/product/?page_size=100')).json()) as ProductListResponse;
  const earliest = earliestStartDate();
  let pick: { product: Product; booked: string; free: string } | null = null;
  for (const product of list.payload.results) {
    const rules = bookingPickerRules({
      unavailableDates: product.unavailable_dates,
      bookingDuration: product.booking_duration,
    });
    const free = rules.firstAllowedStart();
    const booked = product.unavailable_dates.find(
      (d) => d >= earliest && free && d.slice(0, 7) === free.slice(0, 7),
    );
    if (free && booked) {
      pick = { product, booked, free };
      break;
    }
  }
  expect(pick, 'a demo site with bookings').not.toBeNull();
  const { product, booked, free } = pick as NonNullable<typeof pick>;

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible({ timeout: 30_000 });
  // Without dates the page claims nothing about availability (issue 48): the calendar shows the days.
  await expect(page.getByText('Specifications')).toBeVisible();
  await expect(page.getByTestId('availability-badge')).toHaveCount(0);
  // The 12-month calendar (issue 48): the booked day named with its state in words, for every reader.
  const calendar = page.getByRole('region', { name: 'Availability, next 12 months' });
  const shown = (await (await request.get(`/api/product/${product.id}/availability`)).json()) as {
    days: Array<{ date: string }>;
  };
  const months = new Set(shown.days.map((d) => d.date.slice(0, 7))).size;
  await expect(calendar.getByRole('region', { name: /^[A-Z][a-z]+ \d{4}$/ })).toHaveCount(months);
  await expect(
    calendar.getByText(new RegExp(`^${formatDay(booked)}: (Booked|On hold|Blocked by owner)$`)),
  ).toBeAttached();
  await expect(page.getByText(product.product_id)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sites you may Like' })).toBeVisible();
  await expectAccessible(page, 'product detail');

  // The preview zooms in steps of 10% and turns by quarter turns.
  await page.getByRole('button', { name: 'Open image preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Image preview' });
  const image = preview.getByTestId('preview-image');
  const zoom = preview.getByTestId('zoom-level');
  await expect(zoom).toHaveText('100%');
  await preview.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveText('110%');
  await expect(image).toHaveAttribute('style', /scale\(1\.1\)/);
  await preview.getByRole('button', { name: 'Zoom out' }).click();
  await preview.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoom).toHaveText('90%');
  await preview.getByRole('button', { name: 'Rotate 90 degrees' }).click();
  await expect(image).toHaveAttribute('style', /rotate\(90deg\)/);
  for (let i = 0; i < 4; i++) await preview.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoom).toHaveText('50%');
  await expect(preview.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  await expectAccessible(page, 'image preview');
  await preview.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview).toBeHidden();

  // Dates are required before the site goes into the campaign.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please select the start and end dates');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  const start = await openCalendar(page, 'Choose start date');
  await expect(start.getByText(monthLabel(free))).toBeVisible();
  await expect(day(start, booked)).toBeDisabled();
  await expect(day(start, free)).toBeEnabled();
  // Too early: the day before the earliest start is never offered (when it is in the month shown).
  if (monthIndex(earliest) === monthIndex(free) && earliest.slice(8, 10) !== '01') {
    const before = `${earliest.slice(0, 8)}${String(Number(earliest.slice(8, 10)) - 1).padStart(2, '0')}`;
    await expect(day(start, before)).toBeDisabled();
  }
  await day(start, free).click();
  await expect(start).toBeHidden();
  const end = await openCalendar(page, 'Choose end date');
  await enabledDays(end).first().click();
  await expect(end).toBeHidden();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expect(page.getByTestId('product-total')).toContainText('₹');

  // "Add to cart" puts the site into the cart as a one-site campaign of the buyer (docs/product-rules.md section 3a), which
  // needs signing in first; the customized campaign draft is left alone.
  await expectAccessible(page, 'product detail with dates');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/verify-mobile\?redirect=/);
  const draft = JSON.parse(
    (await page.evaluate<string | null>("localStorage.getItem('customizedCampaign')")) ?? '{}',
  );
  expect(draft.products ?? []).toEqual([]);
});

test('signed in: save a standard campaign as my own, buy it, and buy a single site from its page', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const campaigns = (await (await request.get('/api/campaign?page_size=1')).json()) as {
    payload: { results: Array<{ id: number; name: string }> };
  };
  const standard = campaigns.payload.results[0];
  await signIn(page, randomPhone(), { open: true });

  await page.goto(`/campaign/${standard.id}`);
  await expect(page.getByRole('heading', { level: 1, name: standard.name })).toBeVisible({ timeout: 30_000 });
  await pickFarDates(page, ' for the whole campaign');
  await page.getByRole('button', { name: 'Save' }).click();
  // Saved as the user's own (customized) campaign; the ?from=save marker is consumed and removed.
  // Both wait: the standard campaign's own address already matches /campaign/N until the page moves on.
  await expect(page).not.toHaveURL(new RegExp(`/campaign/${standard.id}$`), { timeout: 30_000 });
  await expect(page).toHaveURL(/\/campaign\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: standard.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Customized campaign')).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expectAccessible(page, 'saved campaign');

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/user-details$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  // Buy now on a product page creates a one-site campaign named after the site and makes it the cart.
  const products = (await (await request.get('/api/product/?page_size=1')).json()) as ProductListResponse;
  const site = products.payload.results[0];
  await page.goto(`/product/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible({ timeout: 30_000 });
  await pickFarDates(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  // The cart holds the campaign bought above: Buy Now asks before replacing it (docs/product-rules.md section 3a).
  const question = page.getByRole('dialog', { name: 'Replace your cart?' });
  await expect(question).toContainText('your cart (1 campaign)');
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/user-details$/, { timeout: 30_000 });
  const cart = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('cart')")) ?? '[]');
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatchObject({ name: site.name, type: 'customized' });
  expect(cart[0].products[0].product.id).toBe(site.id);
});

test('an unknown product or campaign says it is not found', async ({ page }) => {
  await page.goto('/product/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Site not found' })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto('/campaign/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign not found' })).toBeVisible();
});
