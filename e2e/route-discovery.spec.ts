import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration';

/**
 * React Router learns the routes behind a page's links as they appear, and each batch it learns renders as a
 * transition (apps/web/src/lib/route-discovery.ts, docs/decisions/057). The wrapper that makes it one reaches
 * into the router React Router publishes on `window`: after an upgrade that moved it, this fails.
 */
test('the home page learns its links in a transition, and a link it learned opens its page in place', async ({
  page,
}) => {
  const manifest = page.waitForResponse((response) => new URL(response.url()).pathname === '/__manifest');
  await page.goto('/');
  await hydrated(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const router = (window as { __reactRouterDataRouter?: { patchRoutes?: object } })
          .__reactRouterDataRouter;
        return (router?.patchRoutes as Record<symbol, unknown> | undefined)?.[
          Symbol.for('ooh.patchesInTransition')
        ];
      }),
    )
    .toBe(true);
  expect((await manifest).status()).toBe(200);

  // The same document goes on: a full load would lose this mark.
  await page.evaluate(() => {
    (window as { stayed?: boolean }).stayed = true;
  });
  await page.getByRole('link', { name: 'Browse all sites' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Advertising Sites' })).toBeVisible();
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});
