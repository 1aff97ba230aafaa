import type { Product, ProductIdsResponse, ProductListResponse, SavedCampaignsResponse } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { randomPhone, signIn } from './support/auth';

/**
 * Issue 10, buyer items 2 and 3 (docs/product-rules.md section 3a): double clicks create once, nothing the buyer built
 * goes without asking, buttons do what they say, and every figure shown is real.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);
/**
 * Two years ahead (beyond every demo booking and block, which lie within the next 365 days) and 60 days
 * long, longer than any demo site's minimum booking (30 days): every site takes these dates.
 */
const FROM = iso(new Date(Date.now() + 730 * 86_400_000));
const TO = iso(new Date(Date.now() + 790 * 86_400_000));

async function products(page: Page, query: string): Promise<Product[]> {
  const answer = (await (await page.request.get(`/api/product/?${query}`)).json()) as ProductListResponse;
  return answer.payload.results;
}

/** The customized campaign draft in browser storage, as /customize would have built it. */
async function seedDraft(page: Page, sites: Product[], name = 'Double Click Test'): Promise<void> {
  const draft = {
    name,
    products: sites.map((p) => ({
      from_date: FROM,
      to_date: TO,
      product: {
        id: p.id,
        name: p.name,
        price: p.price,
        unavailable_dates: p.unavailable_dates,
        booking_duration: p.booking_duration,
        images: p.images,
      },
    })),
  };
  await page.evaluate((d) => localStorage.setItem('customizedCampaign', JSON.stringify(d)), draft);
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), key);

async function savedCampaigns(page: Page): Promise<SavedCampaignsResponse['data']> {
  // page.request carries the browser's session cookie.
  const answer = await page.request.get('/api/saved_campaigns/');
  return ((await answer.json()) as SavedCampaignsResponse).data;
}

/** Counts the creating calls the page sends. */
function countCreates(page: Page): { creates: number; saves: number } {
  const counts = { creates: 0, saves: 0 };
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/api/create_customized_campaign/')) counts.creates += 1;
    if (r.url().endsWith('/api/save_campaign/')) counts.saves += 1;
  });
  return counts;
}

test('double-clicking Save or Add to Cart on the preview creates one campaign', async ({ page }) => {
  test.setTimeout(180_000);
  const sites = await products(page, 'state=Goa&page_size=2');
  await signIn(page, randomPhone(), { open: true });
  const counts = countCreates(page);

  await page.goto('/');
  await seedDraft(page, sites, 'Saved Once');
  await page.goto('/customized-campaign-preview');
  await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/campaign\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Once' })).toBeVisible();
  expect((await savedCampaigns(page)).map((c) => c.campaign_details.name)).toEqual(['Saved Once']);

  await seedDraft(page, sites, 'Carted Once');
  await page.goto('/customized-campaign-preview');
  await page.getByRole('button', { name: 'Add to Cart' }).dblclick();
  await expect(page).toHaveURL(/\/campaign\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove from Cart' })).toBeVisible();
  const saved = await savedCampaigns(page);
  expect(saved.map((c) => c.campaign_details.name).sort()).toEqual(['Carted Once', 'Saved Once']);
  expect((await stored(page, 'cart')).map((c: { name: string }) => c.name)).toEqual(['Carted Once']);
  expect(counts).toEqual({ creates: 2, saves: 2 });
});

test("a product page's Add to cart puts the site in the cart; Remove takes out one campaign; Buy Now asks first", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [first, second] = await products(page, 'state=Maharashtra&page_size=2');
  await signIn(page, randomPhone(), { open: true });

  for (const site of [first, second]) {
    await page.goto('/');
    await page.evaluate(
      ([s, f, t]) => {
        // The site is in the draft with dates, so the page opens with them.
        localStorage.setItem(
          'customizedCampaign',
          JSON.stringify({
            name: 'Untitled Campaign',
            products: [{ from_date: f, to_date: t, product: s }],
          }),
        );
      },
      [
        {
          id: site.id,
          name: site.name,
          price: site.price,
          unavailable_dates: site.unavailable_dates,
          booking_duration: site.booking_duration,
          images: site.images,
        },
        FROM,
        TO,
      ] as const,
    );
    await page.goto(`/product/${site.id}`);
    // The site's own line comes first; the related sites' cards below carry the same test id once they load.
    await expect(page.getByRole('main').getByTestId('minimum-booking').first()).toContainText(
      'Minimum booking:',
    );
    await page.getByRole('button', { name: 'Add to cart' }).dblclick();
    await expect(page.getByRole('button', { name: 'Remove from cart' })).toBeVisible({ timeout: 20_000 });
  }
  const cart = await stored(page, 'cart');
  expect(cart.map((c: { products: Array<{ product: { id: number } }> }) => c.products[0].product.id)).toEqual(
    [first.id, second.id],
  );
  expect(
    cart.every(
      (c: { type: string; products: unknown[] }) => c.type === 'customized' && c.products.length === 1,
    ),
  ).toBe(true);

  // Remove in the cart: that one campaign only.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(page.getByText(/20 ft x 10 ft/)).toHaveCount(0);
  await expectAccessible(page, 'cart with one-site campaigns');
  await page.getByRole('button', { name: `Remove ${first.name} from cart` }).click();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  expect((await stored(page, 'cart')).map((c: { name: string }) => c.name)).toEqual([second.name]);

  // Buy Now with a cart that is not empty asks first; No keeps everything.
  await page.goto(`/product/${second.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  const question = page.getByRole('dialog', { name: 'Replace your cart?' });
  await expect(question).toContainText('your cart (1 campaign)');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  expect((await stored(page, 'cart')).map((c: { name: string }) => c.name)).toEqual([second.name]);
  expect((await stored(page, 'customizedCampaign')).products).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`/product/${second.id}$`));

  await page.getByRole('button', { name: 'Buy now' }).click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/user-details/, { timeout: 20_000 });
  const bought = await stored(page, 'cart');
  expect(bought).toHaveLength(1);
  expect(bought[0].products[0].product.id).toBe(second.id);
  expect(bought[0].products[0]).toMatchObject({ from_date: FROM, to_date: TO });
});

test('Select all takes every result of the filters on all pages, says how many, and stays checked with other sites', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const matching = (await (
    await page.request.get('/api/product/ids?state=Maharashtra')
  ).json()) as ProductIdsResponse;
  expect(matching.count).toBeGreaterThan(24);
  const [goa] = await products(page, 'state=Goa&page_size=1');

  await page.goto('/');
  await seedDraft(page, [goa]);
  await page.goto('/customize');
  await page.getByRole('button', { name: 'State', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Maharashtra', exact: true }).check();
  await expect(page.getByRole('heading', { name: `Showing ${matching.count} results` })).toBeVisible({
    timeout: 30_000,
  });
  const selectAll = page.getByRole('checkbox', { name: `Select all ${matching.count} products` });
  await expect(selectAll).not.toBeChecked();
  // The sites not loaded yet are fetched first: the box turns checked once all of them are in.
  await selectAll.click();
  await expect(selectAll).toBeChecked();
  const ids = async () =>
    ((await stored(page, 'customizedCampaign')).products as Array<{ product: { id: number } }>).map(
      (e) => e.product.id,
    );
  await expect.poll(async () => (await ids()).length).toBe(matching.count + 1);
  expect(await ids()).toEqual(expect.arrayContaining([...matching.ids, goa.id]));
  await expectAccessible(page, 'customize, all selected');

  await selectAll.click();
  await expect(selectAll).not.toBeChecked();
  await expect.poll(ids).toEqual([goa.id]);
});

test('dates chosen on /customize apply to sites added after visiting one; every figure shown is real', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [site] = await products(page, 'state=Goa&page_size=1');
  await page.goto('/');
  await page.evaluate(
    ([f, t]) => sessionStorage.setItem('customizeDates', JSON.stringify({ from_date: f, to_date: t })),
    [FROM, TO],
  );
  await page.goto('/customize');
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card.getByTestId('minimum-booking')).toHaveText(/^min\. \d+ days?$/, { timeout: 30_000 });
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customized-campaign\/product\/\d+$/);
  await page.goBack();
  const next = page.getByRole('main').getByRole('article').nth(1);
  const name = (await next.getAttribute('aria-label')) ?? '';
  await next.getByRole('button', { name: `Add ${name} to your campaign` }).click();
  const entries = (await stored(page, 'customizedCampaign')).products as Array<{
    from_date: string | null;
    to_date: string | null;
  }>;
  expect(entries.at(-1)).toMatchObject({ from_date: FROM, to_date: TO });

  // A product page: its coordinates, not a drawn map; the dimensions row only from its own size.
  await page.goto(`/product/${site.id}`);
  await expect(page.getByTestId('site-coordinates')).toContainText('° N');
  await expect(page.getByRole('img', { name: /^Map of/ })).toHaveCount(0);

  // A campaign card's price is what the campaign page says it costs.
  await page.goto('/campaigns');
  const firstCard = page.getByRole('main').getByRole('article').first();
  const cardPrice = (await firstCard.getByTestId('campaign-card-price').textContent()) ?? '';
  await firstCard.getByRole('link').click();
  await expect(page.getByTestId('campaign-total')).toBeVisible({ timeout: 30_000 });
  expect(cardPrice.startsWith((await page.getByTestId('campaign-total').textContent()) ?? '-')).toBe(true);
  await expect(page.getByText(/20 ft x 10 ft/)).toHaveCount(0);
  await expect(page.getByTestId('site-plot').or(page.getByTestId('no-coordinates'))).toBeVisible();
});

test('an empty campaign name is saved and shown as Untitled Campaign', async ({ page }) => {
  test.setTimeout(120_000);
  const [site] = await products(page, 'state=Goa&page_size=1');
  await signIn(page, randomPhone(), { open: true });
  await page.goto('/');
  await seedDraft(page, [site], '   ');
  await page.goto('/customized-campaign-preview');
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toHaveValue('Untitled Campaign');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled Campaign' })).toBeVisible({
    timeout: 30_000,
  });
});
