import type { ProductListResponse } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';
import { enabledDays } from './support/booking';
import { transitionsDone } from './support/transitions';

/**
 * Issue 45, keyboard: the start date is typed, not only picked; after a pick or "Add to cart" the focus is on
 * the next control, never the page body.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
// Two years ahead: beyond every demo booking and block, so every site takes it as a start.
const FROM = iso(new Date(Date.now() + 730 * 86_400_000));
const LATER = iso(new Date(Date.now() + 740 * 86_400_000));
const TOMORROW = iso(new Date(Date.now() + 86_400_000));

/** What has the keyboard's focus: its accessible words, or BODY. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

test('a product page from the keyboard: type the start, pick the end, Add to cart keeps the focus', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const answer = (await (
    await page.request.get('/api/product/?state=Goa&page_size=1')
  ).json()) as ProductListResponse;
  const site = answer.payload.results[0];
  await signIn(page, randomPhone(), { open: true });
  await page.goto(`/product/${site.id}`);

  // The start field takes typing (dd/mm/yyyy); the end waits for it, then opens from its button.
  const start = page.getByRole('textbox', { name: 'Start Date', exact: true });
  await start.focus();
  await page.keyboard.type(typed(FROM));
  await expect(start).toHaveValue(typed(FROM));
  const endButton = page.getByRole('button', { name: 'Choose end date', exact: true });
  await expect(endButton).toBeEnabled();
  await endButton.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  // At rest first, as a person sees it: a click while the calendar still opens can miss its day.
  await transitionsDone(calendar);
  await enabledDays(calendar).first().click();
  await expect(calendar).toBeHidden();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  expect(await focused(page)).not.toBe('BODY');

  // Add to cart from the keyboard: the focus stays on the button (now "Remove from cart"), and Tab goes on
  // to the next control, not back to the top of the page.
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove from cart' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => focused(page)).toBe('Remove from cart');
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toBe('Buy now');

  // The calendar's own field (loaded once a calendar opened) takes typing too, under the same rules.
  const day = page.getByRole('spinbutton', { name: 'Day' }).first();
  await day.focus();
  await page.keyboard.type(typed(TOMORROW).replaceAll('/', ''));
  await expect(page.getByText('This day cannot start a booking: choose one in the calendar')).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toBeVisible();
  await day.focus();
  await page.keyboard.type(typed(LATER).replaceAll('/', ''));
  await expect(page.getByText('This day cannot start a booking: choose one in the calendar')).toHaveCount(0);
  // A new start clears the end, which is chosen again.
  await expect(page.getByRole('button', { name: 'Choose end date', exact: true })).toBeEnabled();
  await expect
    .poll(() =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('cart') ?? '[]')[0]?.products[0]?.from_date ?? null,
      ),
    )
    .toBe(LATER);
});
