import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated every part of a server-rendered page (no `data-hydrating` left). Text
 * filled into a controlled field before that is dropped by hydration, which resets it to the state.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-hydrating]')).toHaveCount(0, { timeout: 30_000 });
}
