import type { Product, ProductListResponse } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';

/** The map exposes its Leaflet map for tests (apps/web/src/components/sites-map/sites-map.tsx). */
async function panTo(page: Page, lat: number, lng: number, zoom: number) {
  await page.waitForFunction(() => Boolean((window as unknown as { __sitesMap?: unknown }).__sitesMap));
  await page.evaluate(
    ([la, ln, z]) => {
      const map = (window as unknown as { __sitesMap: { setView(c: [number, number], z: number): void } })
        .__sitesMap;
      map.setView([la, ln], z);
    },
    [lat, lng, zoom] as const,
  );
}

const draftIds = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('customizedCampaign') ?? 'null') as {
          products: Array<{ product: { id: number } }>;
        } | null
      )?.products.map((e) => e.product.id) ?? [],
  );

test('the map: switch to it, pan to another city and the list follows, open a marker and add its site', async ({
  page,
}) => {
  const goa = (await (
    await page.request.get('/api/product/?state=Goa&page_size=1')
  ).json()) as ProductListResponse;
  const site = goa.payload.results[0] as Product;
  expect(site.latitude).not.toBeNull();

  await page.goto('/products');
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ results$/ })).toBeVisible();
  // The list is the default; the map loads when asked for.
  await expect(page.getByTestId('sites-map')).toHaveCount(0);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page
    .getByRole('region', { name: /^Map of the sites/ })
    .or(page.getByLabel(/^Map of the sites:/));
  await expect(map.first()).toBeVisible();
  await expect(page.locator('.sites-map-marker, .sites-map-cluster').first()).toBeVisible();

  // Pan and zoom to the Goa site: the address takes the view, and the list shows exactly the sites in it.
  await panTo(page, site.latitude as number, site.longitude as number, 17);
  await expect(page).toHaveURL(/bbox=/);
  const bbox = new URL(page.url()).searchParams.get('bbox') as string;
  const inView = (await (
    await page.request.get(`/api/product/?bbox=${bbox}&page_size=1`)
  ).json()) as ProductListResponse;
  expect(inView.payload.count).toBeGreaterThan(0);
  await expect(
    page.getByRole('status').filter({
      hasText: `Showing ${inView.payload.count} ${inView.payload.count === 1 ? 'result' : 'results'} in the map’s view`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('article', { name: site.name }).first()).toBeVisible();

  // The site's marker, reached with the keyboard: its card opens with Add.
  const marker = page.locator(`[data-site-id="${site.id}"]`);
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('aria-label', new RegExp(site.name));
  await marker.focus();
  await page.keyboard.press('Enter');
  const card = page.getByTestId('map-selected-site');
  await expect(card.getByRole('heading', { name: site.name })).toBeVisible();
  expect(await draftIds(page)).not.toContain(site.id);
  await card.getByRole('button', { name: `Add ${site.name} to your campaign` }).click();
  await expect(card.getByRole('button', { name: `Remove ${site.name} from your campaign` })).toBeVisible();
  expect(await draftIds(page)).toContain(site.id);

  await expectAccessible(page);

  // Back to the list: every site again.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page).not.toHaveURL(/bbox=/);
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ results$/ })).toBeVisible();
});

test('the customize page has the List / Map switch and the map, with its legend', async ({ page }) => {
  await page.goto('/customize?view=map');
  // The map's chunk loads once the page has hydrated: seconds on a busy machine.
  await expect(page.getByTestId('sites-map')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.sites-map-marker, .sites-map-cluster').first()).toBeVisible();
  await expect(page.getByText('A site; a number is a group of sites')).toBeVisible();
});

test('a product page shows its coordinates, and its map on request', async ({ page }) => {
  const list = (await (await page.request.get('/api/product/?page_size=1')).json()) as ProductListResponse;
  const site = list.payload.results[0] as Product;
  await page.goto(`/product/${site.id}`);
  await expect(page.getByTestId('site-coordinates')).toContainText('° N');
  await expect(page.getByTestId('sites-map')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show on the map' }).click();
  await expect(page.getByTestId('sites-map')).toBeVisible();
  await expect(page.locator('.sites-map-marker').first()).toHaveAttribute(
    'aria-label',
    new RegExp(site.name),
  );
});

test('a link to the map keeps the list where it is: the server-rendered page holds the map’s room from the first paint', async ({
  page,
}) => {
  // Every layout shift the page makes without input, from the first paint on (Lighthouse's CLS counts these).
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/products?view=map');
  await expect(page.getByTestId('sites-map')).toBeVisible();
  await expect(page.locator('[data-site-id], .sites-map-cluster').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ results/ })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
});
