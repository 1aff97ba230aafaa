import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every journey checks each page it visits: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // The page at rest: a tooltip the pointer happens to hover after the last click is caught mid-fade by axe
  // (partly transparent, so its contrast reads too low); the pointer moves to a blank corner first.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 2) - 1);
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}
