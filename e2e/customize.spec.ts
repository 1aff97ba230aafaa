import type { ProductListResponse, SavedCampaignsResponse } from '@ooh/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';
import { transitionsDone } from './support/transitions';

const NO_PRODUCTS = 'Please add at least one product to your customized campaign.';
const RESET_QUESTION = 'Do you want to reset your campaign?';

/** Opens a picker by its calendar button and returns the calendar dialog. */
async function openCalendar(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await transitionsDone(calendar);
  return calendar;
}
const enabledDays = (calendar: Locator) => calendar.locator('button[role="gridcell"]:not([disabled])');

/**
 * Start two years ahead (beyond every demo booking); end two months later, longer than any site's minimum
 * booking (30 days in the demo catalogue), so every added site takes the dates.
 */
async function chooseDates(page: Page): Promise<void> {
  const start = await openCalendar(page, 'Choose start date');
  await start.getByRole('button', { name: /switch to year view/ }).click();
  await start.getByRole('radio', { name: String(new Date().getFullYear() + 2) }).click();
  await enabledDays(start).first().click();
  await expect(start).toBeHidden();
  const end = await openCalendar(page, 'Choose end date');
  await end.getByRole('button', { name: 'Next month' }).click();
  await end.getByRole('button', { name: 'Next month' }).click();
  await enabledDays(end).first().click();
  await expect(end).toBeHidden();
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const draft = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('customizedCampaign') ?? 'null')) as Promise<{
    name: string;
    products: Array<{
      from_date: string | null;
      to_date: string | null;
      product: { id: number; name: string };
    }>;
  } | null>;

async function addCard(card: Locator): Promise<string> {
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: `Add ${name} to your campaign` }).click();
  await expect(card.getByRole('button', { name: `Remove ${name} from your campaign` })).toBeVisible();
  return name;
}

test('build a customized campaign of 3 sites with a filter and the search, set dates, preview, sign in, save', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const goa = (await (
    await page.request.get('/api/product/?state=Goa&page_size=2')
  ).json()) as ProductListResponse;
  const elsewhere = (await (
    await page.request.get('/api/product/?state=Maharashtra&page_size=1')
  ).json()) as ProductListResponse;
  expect(goa.payload.count).toBeGreaterThanOrEqual(2);
  const searched = elsewhere.payload.results[0];

  await page.goto('/customize');
  await expect(page.getByRole('heading', { name: /^Showing \d+ results$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toHaveValue('Untitled Campaign');
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose end date', exact: true })).toBeDisabled();
  await expectAccessible(page, 'customize');

  // Name the campaign: the edit icon enables the field, every keystroke is stored.
  await page.getByRole('button', { name: 'Edit campaign name' }).click();
  const nameField = page.getByRole('textbox', { name: 'Campaign name' });
  await expect(nameField).toBeEnabled();
  await nameField.fill('Goa and Mumbai Blitz');
  expect((await draft(page))?.name).toBe('Goa and Mumbai Blitz');

  // Dates first: cards then show availability, and added sites take the dates.
  await chooseDates(page);
  await expect(
    cards(page)
      .first()
      .getByText(/^(Available|Unavailable)$/),
  ).toBeVisible();

  // A filter: State = Goa.
  await page.getByRole('button', { name: 'State', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Goa', exact: true }).check();
  await expect(page.getByRole('heading', { name: `Showing ${goa.payload.count} results` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filters (1)' })).toBeVisible();
  await expect(cards(page).first()).toHaveAttribute('aria-label', goa.payload.results[0].name);
  const picked = [await addCard(cards(page).nth(0)), await addCard(cards(page).nth(1))];
  await expectAccessible(page, 'customize with a filter and dates');

  // The search, after clearing the filter.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('heading', { name: 'Filters (0)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by product name' }).fill(searched.name);
  await expect(cards(page).first()).toHaveAttribute('aria-label', searched.name);
  picked.push(await addCard(page.getByRole('article', { name: searched.name, exact: true })));

  const built = await draft(page);
  expect(built?.products).toHaveLength(3);
  const ids = built?.products.map((e) => e.product.id) ?? [];
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  const from = built?.products[0].from_date;
  expect(from).toBeTruthy();
  expect(built?.products.every((e) => e.from_date === from && e.to_date)).toBe(true);

  // The preview: three places with dates and availability, a total, Help.
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/customized-campaign-preview$/);
  const places = page.locator('li', {
    has: page.getByRole('button', { name: /^Remove .* from the campaign$/ }),
  });
  await expect(places).toHaveCount(3);
  for (const name of picked) await expect(places.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  await expect(places.getByText(/^(Available|Unavailable)$/)).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toHaveValue('Goa and Mumbai Blitz');
  await expectAccessible(page, 'customized campaign preview');

  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toContainText('Please share your query and we will get back to you as soon as we can.');
  await expectAccessible(page, 'help dialog');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.getByRole('button', { name: 'Help' }).click();
  await help.getByRole('button', { name: 'Submit' }).click();
  await expect(help.getByText('Please enter your phone number')).toBeVisible();
  await help.getByLabel('Phone Number').fill('98765');
  await expect(help.getByText('Enter at least 10 digits')).toBeVisible();
  await help.getByLabel('Phone Number').fill('9876543210');
  await help.getByLabel('Description').fill('Can the Goa sites run a festive creative?');
  await help.getByRole('button', { name: 'Submit' }).click();
  await expect(help).toBeHidden();

  // Saving needs sign-in, which comes back to the preview.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/verify-mobile\?redirect=/);
  await expectAccessible(page, 'sign-in');
  await signIn(page, randomPhone());
  await expect(page).toHaveURL(/\/customized-campaign-preview$/);
  await expect(places).toHaveCount(3);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The save lands on the saved campaign and says so (the page then tidies its ?from=save marker away).
  await expect(page).toHaveURL(/\/campaign\/\d+(\?from=save)?$/, { timeout: 20_000 });
  await expect(page.getByText('Your campaign has been saved.')).toBeVisible();
  const campaignId = Number(/\/campaign\/(\d+)/.exec(page.url())?.[1]);
  // The campaign page shows the saved campaign (loaded with the token).
  await expect(page.getByRole('heading', { level: 1, name: 'Goa and Mumbai Blitz' })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, 'saved campaign');

  // The draft is empty again, and the campaign is stored and listed under Saved Campaigns.
  expect(await draft(page)).toEqual({ name: 'Untitled Campaign', products: [] });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('campaignData') ?? '[]'));
  expect(stored.map((c: { id: number }) => c.id)).toContain(campaignId);
  // page.request carries the browser's session cookie.
  const saved = (await (await page.request.get('/api/saved_campaigns/')).json()) as SavedCampaignsResponse;
  const entry = saved.data.find((s) => s.id === campaignId);
  expect(entry?.campaign_details.name).toBe('Goa and Mumbai Blitz');
  expect(entry?.campaign_details.products.map((p) => p.product.id)).toEqual(ids);
  expect(entry?.from_date).toBe(from);
});

test('the header resets a non-empty campaign after confirmation; an empty preview goes back to customize', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/customize');
  await expect(page.getByRole('heading', { name: /^Showing \d+ results$/ })).toBeVisible({ timeout: 30_000 });
  const header = page.getByRole('banner').getByRole('button', { name: 'Customize Campaign' });

  // Empty: nothing to confirm.
  await header.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const name = await addCard(cards(page).first());
  await header.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toContainText(RESET_QUESTION);
  await expectAccessible(page, 'reset confirmation');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  expect((await draft(page))?.products).toHaveLength(1);

  await header.click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    cards(page)
      .first()
      .getByRole('button', { name: `Add ${name} to your campaign` }),
  ).toBeVisible();
  expect(await draft(page)).toEqual({ name: 'Untitled Campaign', products: [] });

  // Select all adds every result (all pages); unchecking removes them. The whole catalogue is more than a
  // campaign holds (200 sites), so that is said instead of done.
  const selectAll = page.getByRole('checkbox', { name: /^Select all \d+ products?$/ });
  await selectAll.click();
  const tooMany = page.getByRole('dialog');
  await expect(tooMany).toContainText('A campaign holds at most 200 sites');
  await tooMany.getByRole('button', { name: 'OK' }).click();
  expect((await draft(page))?.products).toHaveLength(0);
  await page.getByRole('button', { name: 'State', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Goa', exact: true }).check();
  const goaCount = (
    (await (await page.request.get('/api/product/ids?state=Goa')).json()) as { count: number }
  ).count;
  await expect(page.getByRole('checkbox', { name: `Select all ${goaCount} products` })).toBeEnabled();
  await selectAll.click();
  await expect(selectAll).toBeChecked();
  expect((await draft(page))?.products).toHaveLength(goaCount);
  await selectAll.click();
  await expect(selectAll).not.toBeChecked();
  expect((await draft(page))?.products).toHaveLength(0);

  await page.goto('/customized-campaign-preview');
  const alert = page.getByRole('dialog');
  await expect(alert).toContainText(NO_PRODUCTS);
  await expectAccessible(page, 'empty preview alert');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/customize$/);
});
