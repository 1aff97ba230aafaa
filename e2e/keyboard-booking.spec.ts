import type { ProductListResponse } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { randomPhone, signIn } from './support/auth';

/**
 * Issue 45, keyboard: the first Tab reaches "Skip to content"; the start date is typed, the end chosen in its
 * calendar with the keys; after a pick or "Add to cart" the focus is on a control, never the page body. Each
 * step waits on what a person sees (a value, the focus), never on time.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
// Two years ahead: beyond every demo booking and block, so every site takes it as a start.
const FROM = iso(new Date(Date.now() + 730 * 86_400_000));
const LATER = iso(new Date(Date.now() + 740 * 86_400_000));
const TOMORROW = iso(new Date(Date.now() + 86_400_000));

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

  // The first tab stop is the skip link, past the header to the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  // The start field takes typing (dd/mm/yyyy); the end waits for it, then opens from its button.
  const start = page.getByRole('textbox', { name: 'Start Date', exact: true });
  await start.focus();
  await page.keyboard.type(typed(FROM));
  await expect(start).toHaveValue(typed(FROM));
  const endButton = page.getByRole('button', { name: 'Choose end date', exact: true });
  await expect(endButton).toBeEnabled();
  await endButton.focus();
  await page.keyboard.press('Enter');
  // The calendar opens with the focus on its first day that can end the booking; Enter takes it.
  const calendar = page.getByRole('dialog');
  const offered = calendar.locator('button[role="gridcell"][tabindex="0"]:not([disabled])');
  await expect(offered).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.getByText('Dates Not Selected')).toHaveCount(0);
  // The focus is back on the end date's calendar button, not the page body.
  await expect(page.getByRole('button', { name: 'Choose end date', exact: true })).toBeFocused();

  // Add to cart from the keyboard: the focus stays on the button (now "Remove from cart"), and Tab goes on
  // to the next control, not back to the top of the page.
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.focus();
  await page.keyboard.press('Enter');
  const remove = page.getByRole('button', { name: 'Remove from cart' });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeFocused();

  // The calendar's own field (loaded once a calendar opened) takes typing too, under the same rules.
  const day = page.getByRole('spinbutton', { name: 'Day' }).first();
  await day.focus();
  await page.keyboard.type(typed(TOMORROW).replaceAll('/', ''));
  await expect(page.getByText('This day cannot start a booking: choose one in the calendar')).toBeVisible();
  await expect(page.getByText('Dates Not Selected')).toBeVisible();
  await day.focus();
  await page.keyboard.type(typed(LATER).replaceAll('/', ''));
  await expect(page.getByText('This day cannot start a booking: choose one in the calendar')).toHaveCount(0);
  // A new start clears the end, which is chosen again; the cart's line follows the typed start.
  await expect(page.getByRole('button', { name: 'Choose end date', exact: true })).toBeEnabled();
  await expect
    .poll(() =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('cart') ?? '[]')[0]?.products[0]?.from_date ?? null,
      ),
    )
    .toBe(LATER);
});
