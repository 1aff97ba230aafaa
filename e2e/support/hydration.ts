import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` as a move inside the running app, as a click on the room's navigation does: no server render,
 * so the screen asks its data from the browser, where a journey's `page.route` stubs answer. (A full load
 * is rendered by the server with the API's real answers: docs/decisions/059-rooms-rendered-with-their-data.md.)
 * A move needs the app's router, so this waits until it is there; no journey waits on hydration otherwise.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.waitForFunction(
    () => (window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !== undefined,
  );
  await page.evaluate(async (to) => {
    const router = (window as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    if (!router) throw new Error('the app has not started');
    await router.navigate(to);
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path.split('#')[0]);
}
