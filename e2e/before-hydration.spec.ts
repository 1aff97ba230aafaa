import { CONTACT_SUCCESS_MESSAGE } from '@ooh/shared';
import { expect, test } from '@playwright/test';

/**
 * Usable before hydration (DESIGN 2, issue 44): a person taps the search box and types as soon as the page
 * is painted, on a phone whose CPU is four times slower, long before the app has started; nothing waits for
 * the app. With scripts off, the same search is a GET of the form, answered by a server-rendered page.
 */
interface ListAnswer {
  payload: { count: number; results: Array<{ name: string }> };
}

const listOf = async (request: import('@playwright/test').APIRequestContext, query: string) =>
  (await (await request.get(`/api/product/?${query}&page_size=24`)).json()) as ListAnswer;

test('a search typed right after the first paint is kept, and answered once the app runs', async ({
  page,
  request,
}) => {
  const mumbai = await listOf(request, 'search=Mumbai&page=1');
  expect(mumbai.payload.count).toBeGreaterThan(0);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/products', { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    {
      polling: 10,
    },
  );
  const box = page.getByRole('searchbox', { name: 'Search sites' });
  const where = await box.boundingBox();
  if (!where) throw new Error('the search box is not on the painted page');
  // A finger: a tap where the box is drawn and keys, with no wait for the page to be ready for them.
  await page.mouse.click(where.x + where.width / 2, where.y + where.height / 2);
  await page.keyboard.type('Mumbai');

  await expect(box).toHaveValue('Mumbai');
  await expect(page).toHaveURL(/[?&]search=Mumbai(&|$)/);
  await expect(page.getByText(`Showing ${mumbai.payload.count} results`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: mumbai.payload.results[0].name }).first(),
  ).toBeVisible();
  await expect(box).toHaveValue('Mumbai');
});

test('with scripts off, the search form is answered by a server-rendered results page', async ({
  browser,
  request,
}) => {
  const mumbai = await listOf(request, 'search=Mumbai&page=1');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  const form = page.getByRole('search', { name: 'Find sites' });
  await form.getByRole('searchbox', { name: 'Search sites' }).fill('Mumbai');
  await form.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/\/products\?search=Mumbai(&|$)/);
  await expect(page.getByText(`Showing ${mumbai.payload.count} results`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: mumbai.payload.results[0].name }).first(),
  ).toBeVisible();
  await expect(form.getByRole('searchbox', { name: 'Search sites' })).toHaveValue('Mumbai');
  await context.close();
});

test('with scripts off, the contact form is checked and sent by the server, keeping what was typed', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await form.getByRole('textbox', { name: 'Company Name' }).fill('Rao Foods');
  await form.getByRole('textbox', { name: 'Phone Number' }).fill('98765');
  await form.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
  await form.getByRole('textbox', { name: 'Message' }).fill('Lamp posts in Pune <b>for</b> Diwali.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  // Refused at the fields, as the scripts would say it; nothing typed is lost, the page is where the form is.
  await expect(page).toHaveURL(/\/\?index#contact$/);
  await expect(form.getByText('Enter a 10-digit phone number')).toBeVisible();
  await expect(form.getByText('Please agree to share your details so we can contact you')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Asha Rao');
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Lamp posts in Pune <b>for</b> Diwali.',
  );

  await form.getByRole('textbox', { name: 'Phone Number' }).fill('9876543210');
  await form.getByRole('checkbox', { name: /I agree to share my details/ }).check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(CONTACT_SUCCESS_MESSAGE);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await context.close();
});

test('every query string of /products is rendered on the server with its results', async ({
  browser,
  request,
}) => {
  const all = await listOf(request, 'page=1');
  const second = await listOf(request, 'page=2');
  const maharashtra = await listOf(request, 'state=Maharashtra&page=1');
  expect(maharashtra.payload.count).toBeGreaterThan(0);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/products?state=Maharashtra');
  await expect(page.getByText(`Showing ${maharashtra.payload.count} results`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: maharashtra.payload.results[0].name }).first(),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');

  expect(second.payload.results.length).toBeGreaterThan(0);
  await page.goto('/products?page=2');
  await expect(page.getByText(`Showing ${all.payload.count} results`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: second.payload.results[0].name }).first(),
  ).toBeVisible();
  await context.close();
});

test('the first Tab reaches "Skip to content", which leads past the header to the page', async ({ page }) => {
  await page.goto('/products');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.getByRole('main')).toBeFocused();
});
