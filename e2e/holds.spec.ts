import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { randomPhone, sameSite, signIn } from './support/auth';
import { pickFirstDates } from './support/booking';
import { approvedOwner, liveSite, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Holds (issue 49, decision 082): a buyer holds a site's dates from its page; another buyer sees "On hold
 * until ..." there and asks for the dates; the holder finds the hold in My Orders, Holds, and releases it;
 * the other buyer then sees the site free. The owner's bookings list shows the hold apart from paid
 * bookings (decision 084). A campaign's lines show each line's hold to the signed-in buyer, and the
 * catalogue's cards say "Held by you" to the holder. The pages are photographed at 375, 768 and 1280 px.
 */

/** An ISO day `days` after today (UTC; far enough ahead for any time zone and the site's rules). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const SCREENS = '.tmp/screens';

async function signedInPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, randomPhone(), { open: true });
  return page;
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/holds-${name}-${width}.png`, fullPage: true });
  }
}

test('hold a site, another buyer sees it on hold and asks, the holder releases it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const siteName = `Holding Road ${uniqueTag()}`;
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, siteName);

  // 1. The holder picks dates on the site's page and holds them.
  const holder = await signedInPage(browser);
  await holder.goto(`/product/${site.id}`);
  await expect(holder.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await pickFirstDates(holder);
  await holder.getByRole('button', { name: 'Hold these dates' }).click();
  await expect(holder.getByText(`${siteName} is held for you until`)).toBeVisible();
  await expect(holder.getByTestId('on-hold')).toContainText('On hold until');

  // 2. Another buyer sees the hold on the page and asks the holder for the dates.
  const other = await signedInPage(browser);
  await other.goto(`/product/${site.id}`);
  const onHold = other.getByTestId('on-hold');
  await expect(onHold).toContainText(/On hold until \d+ \w+ \d{4}/, { timeout: 30_000 });
  await shoot(other, 'product');
  await onHold.getByRole('button', { name: 'Ask for these dates' }).click();
  await expect(other.getByText('The holder has been asked for these dates.')).toBeVisible();
  await expect(onHold).toContainText('Another buyer has asked the holder');

  // 2b. The owner's bookings list shows the hold apart from paid bookings, server-rendered.
  const own = await (await browser.newContext()).newPage();
  await useSessionInPage(own, owner);
  await own.goto('/partner/bookings');
  const held = own.getByTestId('partner-hold').filter({ hasText: siteName });
  await expect(held).toContainText(/On hold until \d+ \w+ \d{4}/, { timeout: 30_000 });
  await expect(held).toContainText('Another buyer asked');
  await expect(own.getByRole('heading', { name: 'On hold, not paid (1)' })).toBeVisible();
  await shoot(own, 'partner-bookings');
  await own.context().close();

  // 3. The holder reads it in My Orders, Holds, and releases the dates.
  await holder.goto('/my-orders?tab=holds');
  const card = holder.getByTestId(/^hold-\d+$/).filter({ hasText: siteName });
  await expect(card).toContainText('Another buyer asked', { timeout: 30_000 });
  await expect(card).toContainText('Book or release by');
  await shoot(holder, 'my-orders');
  await card.getByRole('button', { name: `Release the hold of ${siteName}` }).click();
  await expect(card).toContainText('Released');
  await expect(card.getByRole('button', { name: /Release/ })).toHaveCount(0);

  // 4. The other buyer finds the site free again.
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: siteName })).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId('on-hold')).toHaveCount(0);
});

test("a campaign's lines: Hold these dates, Held by you (Renew, Release), on hold for someone else; cards say Held by you", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const mineName = `Campaign Road ${tag}`;
  const theirsName = `Campaign Gantry ${tag}`;
  const mine = await liveSite(request, owner, mineName);
  const theirs = await liveSite(request, owner, theirsName, { latitude: 18.5196, longitude: 73.8446 });
  const [from, to] = [dayAhead(12), dayAhead(40)];

  // Another buyer already holds the second site's dates.
  const other = await signedInPage(browser);
  const held = await other.request.post('/api/holds', {
    data: { product_id: theirs.id, from_date: from, to_date: to },
    headers: sameSite(other),
  });
  expect(held.status(), await held.text()).toBe(201);
  await other.context().close();

  // The buyer's own campaign of both sites on those dates.
  const buyer = await signedInPage(browser);
  const made = await buyer.request.post('/api/create_customized_campaign/', {
    data: {
      name: `Holds plan ${tag}`,
      products: [mine.id, theirs.id].map((id) => ({ product_id: id, from_date: from, to_date: to })),
    },
    headers: sameSite(buyer),
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const campaignId = ((await made.json()) as { data: { id: number } }).data.id;

  // 1. The campaign page: the free line offers Hold these dates, the other says someone else holds it.
  await buyer.goto(`/campaign/${campaignId}`);
  const mineLine = buyer.getByTestId(`place-${mine.id}`);
  const theirsLine = buyer.getByTestId(`place-${theirs.id}`);
  await expect(theirsLine.getByTestId('line-hold')).toContainText(
    /On hold for someone else until \d+ \w+ \d{4}, .+ IST/,
    { timeout: 30_000 },
  );
  await expect(theirsLine.getByRole('button', { name: /Hold these dates/ })).toHaveCount(0);
  await mineLine.getByRole('button', { name: /Hold these dates/ }).click();
  await expect(buyer.getByText(`${mineName} is held for you until`)).toBeVisible();
  await expect(mineLine.getByTestId('line-hold')).toContainText(/Held by you until \d+ \w+ \d{4}, .+ IST/);
  await shoot(buyer, 'campaign');

  // 2. Renew once: the button goes; Release stays.
  await mineLine.getByRole('button', { name: `Renew the hold of ${mineName}` }).click();
  await expect(buyer.getByText(`${mineName}: hold renewed.`)).toBeVisible();
  await expect(mineLine.getByRole('button', { name: /Renew/ })).toHaveCount(0);

  // 3. The catalogue's cards for a week meeting the holds' last days (flexible: offered from the day they
  // end): Held by you on the buyer's own, On hold on the other's.
  const [weekFrom, weekTo] = [dayAhead(36), dayAhead(43)];
  await buyer.goto(`/products?search=${tag}&available_from=${weekFrom}&available_to=${weekTo}&flexible=true`);
  const card = (name: string) => buyer.getByRole('article', { name });
  await expect(card(mineName).getByTestId('held-by-you')).toContainText(/Held by you until \d+ \w+ \d{4}/, {
    timeout: 30_000,
  });
  await expect(card(theirsName).getByTestId('on-hold')).toContainText('On hold until');
  await shoot(buyer, 'cards');

  // 4. Back on the campaign, Release frees the dates: Hold these dates again.
  await buyer.goto(`/campaign/${campaignId}`);
  await mineLine.getByRole('button', { name: `Release the hold of ${mineName}` }).click();
  await expect(buyer.getByText(`${mineName}: the dates are released.`)).toBeVisible();
  await expect(mineLine.getByRole('button', { name: /Hold these dates/ })).toBeVisible();
});

test("the cart's dated lines: Hold these dates, then the buyer's own hold with Release", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const tag = uniqueTag();
  const owner = await approvedOwner(request);
  const name = `Cart Road ${tag}`;
  const site = await liveSite(request, owner, name);
  const [from, to] = [dayAhead(15), dayAhead(22)];
  const buyer = await signedInPage(browser);
  const made = await buyer.request.post('/api/create_customized_campaign/', {
    data: { name: `Cart plan ${tag}`, products: [{ product_id: site.id, from_date: from, to_date: to }] },
    headers: sameSite(buyer),
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const campaignId = ((await made.json()) as { data: { id: number } }).data.id;

  // The campaign into the cart from its page, then the cart's line holds its dates.
  await buyer.goto(`/campaign/${campaignId}`);
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await buyer.goto('/cart');
  await buyer.getByRole('button', { name: '1 site' }).click();
  const line = buyer.getByTestId(`cart-site-${site.id}`);
  await line.getByRole('button', { name: `Hold these dates of ${name}` }).click();
  await expect(buyer.getByText(`${name} is held for you until`)).toBeVisible();
  await expect(line.getByTestId('line-hold')).toContainText(/Held by you until \d+ \w+ \d{4}, .+ IST/);
  await shoot(buyer, 'cart');

  // My Orders, Holds lists it; Release on the cart frees the dates again.
  const holds = await buyer.request.get('/api/holds');
  const list = ((await holds.json()) as { results: Array<{ product_id: number; status: string }> }).results;
  expect(list.filter((h) => h.status === 'active').map((h) => h.product_id)).toEqual([site.id]);
  await line.getByRole('button', { name: `Release the hold of ${name}` }).click();
  await expect(buyer.getByText(`${name}: the dates are released.`)).toBeVisible();
  await expect(line.getByRole('button', { name: `Hold these dates of ${name}` })).toBeVisible();
});
