import { expect, type Locator, type Page } from '@playwright/test';
import { transitionsDone } from './transitions';

/** Opens a date picker by its calendar button and returns the calendar dialog, at rest. */
export async function openCalendar(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await transitionsDone(calendar);
  return calendar;
}

export const enabledDays = (calendar: Locator) => calendar.locator('button[role="gridcell"]:not([disabled])');

/** A day cell of the month the calendar shows, by its ISO date. */
export const dayCell = (calendar: Locator, iso: string) =>
  calendar.getByRole('gridcell', { name: String(Number(iso.slice(8, 10))), exact: true });

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
export const monthLabel = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** Moves a calendar forward until it shows the month of `iso`. */
export async function showMonth(calendar: Locator, iso: string): Promise<void> {
  for (let i = 0; i < 24; i++) {
    if (await calendar.getByText(monthLabel(iso), { exact: true }).isVisible()) return;
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(calendar.getByText(monthLabel(iso), { exact: true })).toBeVisible();
}

/** The product page's own pickers: the first day it offers, then the first end day it offers. */
export async function pickFirstDates(page: Page): Promise<void> {
  const start = await openCalendar(page, 'Choose start date');
  await enabledDays(start).first().click();
  await expect(start).toBeHidden();
  const end = await openCalendar(page, 'Choose end date');
  await enabledDays(end).first().click();
  await expect(end).toBeHidden();
}

/** The required details of a new buyer at checkout (docs/product-spec.md section 5). */
export async function fillBuyerDetails(page: Page, company = 'Rao Foods Pvt Ltd'): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(field('First Name')).toBeVisible({ timeout: 20_000 });
  await field('First Name').fill('Asha');
  await field('Last Name').fill('Rao');
  await field('Company Name').fill(company);
  await field('Address Line 1').fill('12 MG Road');
  await field('City').fill('Pune');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field('PIN Code').fill('411001');
}

/** Places the order at checkout and pays in the sandbox payment window. */
export async function placeOrderAndPay(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Razorpay/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const payment = page.getByRole('dialog', { name: 'Complete your payment' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const pay = page
    .frameLocator('iframe[title="Sandbox payment window"]')
    .getByRole('button', { name: /^Pay / });
  await pay.click();
  await expect(page.getByRole('dialog', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
}
