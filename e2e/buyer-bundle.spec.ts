import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { consoleFiles } from '../scripts/bench/web-sizes';
import { OPERATOR_STATE } from './support/saved-sessions';

/**
 * The consoles (src/partner, src/ops) load only for their users (docs/product-rules.md section 7): the buyer's pages
 * never request nor preload a built file that holds console code. Which files do comes from the served
 * build's module map (.vite/chunk-modules.json, apps/web/build/chunk-modules.ts), so console code merged
 * into a buyer chunk by a stray import shows up here too.
 */
const DIST = path.join(process.cwd(), 'apps/web/dist');

/** Every script the page requested or was told to preload, after scrolling to the end (lazy sections). */
async function scriptsOf(page: Page, at: string): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.slice(1);
    if (file.endsWith('.js')) requested.push(file);
  });
  await page.goto(at, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      new URL(link.href).pathname.slice(1),
    ),
  );
  return [...requested, ...preloaded];
}

test("the buyer's pages load no console code, on a phone and a desktop", async ({ browser }) => {
  const consoleCode = consoleFiles(DIST);
  for (const at of ['/', '/products', '/product/1']) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const scripts = await scriptsOf(await context.newPage(), at);
      await context.close();
      expect(scripts.length, `${at} at ${width} px loads its scripts`).toBeGreaterThan(0);
      expect(
        scripts.filter((file) => consoleCode.has(file)),
        `console files loaded by ${at} at ${width} px`,
      ).toEqual([]);
    }
  }
});

test.describe('signed in', () => {
  // The rooms render for a session only (a visitor without one is sent to sign in by the server): the
  // operator's saved session opens /ops, and /partner's application form (the operator owns no sites).
  test.use({ storageState: OPERATOR_STATE });

  test('the check sees console code: opening /partner and /ops loads their own files', async ({ page }) => {
    const consoleCode = consoleFiles(DIST);
    for (const at of ['/partner', '/ops']) {
      const scripts = await scriptsOf(page, at);
      expect(page.url(), `${at} opened, not the sign-in page`).toContain(at);
      expect(
        scripts.filter((file) => consoleCode.has(file)).length,
        `console files of ${at}`,
      ).toBeGreaterThan(0);
    }
  });
});
