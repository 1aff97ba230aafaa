import { expect, test } from '@playwright/test';

/**
 * City pages (docs/product-rules.md section 12): rendered on the server with their sites, then hydrated into the app;
 * an unknown city is a real 404 that offers the cities there are.
 */

test('a city page arrives with its sites, hydrates, and leads to a site page', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The nodes as parsed from the server's HTML: hydration must keep them, not draw them again.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { parsed: Element[] }).parsed = [
        ...document.querySelectorAll('header, footer, h1, h2, h3, main a'),
      ];
    });
  });
  const { cities } = (await (await request.get('/api/outdoor-advertising')).json()) as {
    cities: Array<{ slug: string; name: string; formats: Array<{ slug: string; name: string }> }>;
  };
  const city = cities.find((c) => c.slug === 'mumbai') ?? cities[0];
  const response = await page.goto(`/outdoor-advertising/${city.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^Outdoor advertising in ${city.name}: \\d+ sites`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Outdoor advertising in ${city.name}` }),
  ).toBeVisible();
  // The server's HTML carries the head and the sites, before any JavaScript.
  const html = (await response?.text()) ?? '';
  expect(html).toContain(`<link rel="canonical" href="http://localhost:`);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as { '@type': string; itemListElement: Array<{ item: { name: string } }> },
  );
  expect(jsonLd.map((d) => d['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
  const names = jsonLd[1].itemListElement.map((e) => e.item.name);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(html).toContain(`>${name.replace(/&/g, '&amp;')}<`);

  // Hydrated: a card's Add button answers through React (the campaign draft counts it).
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page.getByRole('button', { name: 'Remove' }).first()).toBeVisible();
  const kept = await page.evaluate(() => {
    const parsed = (window as unknown as { parsed: Element[] }).parsed;
    return { parsed: parsed.length, connected: parsed.filter((e) => e.isConnected).length };
  });
  expect(kept.parsed).toBeGreaterThan(30);
  expect(kept.connected).toBe(kept.parsed);
  expect(errors).toEqual([]);

  // The format links lead to the city's page of one format.
  await page
    .getByRole('navigation', { name: `Formats in ${city.name}` })
    .getByRole('link')
    .nth(1)
    .click();
  await expect(page).toHaveURL(new RegExp(`/outdoor-advertising/${city.slug}/${city.formats[0].slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`in ${city.name}$`) })).toBeVisible();

  // A site card's name leads to the site's own page.
  const firstSite = page.getByRole('heading', { level: 3 }).first();
  const name = (await firstSite.textContent()) ?? '';
  await firstSite.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('an unknown city answers 404 with the cities there are', async ({ page }) => {
  const response = await page.goto('/outdoor-advertising/atlantis');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'City not found' })).toBeVisible();
  const known = page.getByRole('region', { name: 'Cities with advertising sites' });
  await known.getByRole('link', { name: /^Mumbai/ }).click();
  await expect(page).toHaveURL(/\/outdoor-advertising\/mumbai$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outdoor advertising in Mumbai' })).toBeVisible();

  // A format the city does not have: 404, and the way to the city's own page.
  const format = await page.goto('/outdoor-advertising/mumbai/zeppelins');
  expect(format?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No such sites in this city' })).toBeVisible();
  await page.getByRole('link', { name: 'All sites in Mumbai' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outdoor advertising in Mumbai' })).toBeVisible();
});
