import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every journey checks each page it visits: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // The page at rest: a tooltip the pointer happens to hover after the last click is caught mid-fade by axe
  // (partly transparent, so its contrast reads too low); the pointer moves to a blank corner first.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 2) - 1);
  await page.waitForTimeout(300);
  await pageAtRest(page);
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

/**
 * Resolves once no CSS transition or animation with an end is running (spinners and skeletons loop for
 * ever and are left out) and the DOM has not changed for a few frames. axe reads colours as they are at
 * that instant: a control caught mid-transition (a button going from disabled grey to its colour when its
 * data arrives, a tooltip fading) is partly transparent and its contrast reads too low, which made the
 * check fail now and then on a busy machine.
 */
export async function pageAtRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    let changed = true;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const deadline = performance.now() + 10_000;
    try {
      let quietFrames = 0;
      while (quietFrames < 5 && performance.now() < deadline) {
        const running = document
          .getAnimations()
          .filter(
            (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
          );
        if (running.length) {
          const done = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
          await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 3000))]);
        }
        changed = false;
        await frame();
        quietFrames = changed || running.length ? 0 : quietFrames + 1;
      }
    } finally {
      observer.disconnect();
    }
  });
}
