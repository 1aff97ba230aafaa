import type { Locator } from '@playwright/test';

/**
 * Waits until a popup has finished its opening transition. A picker clicked in its first ~100 ms (before
 * a person could) closes again; Playwright's own checks pass as soon as the grid is in the page.
 */
export async function transitionsDone(popup: Locator): Promise<void> {
  await popup.evaluate(async (el) => {
    const root = el.closest('.MuiPopper-root, .MuiDialog-root') ?? el;
    const finite = root
      .getAnimations({ subtree: true })
      .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}
