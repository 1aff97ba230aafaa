import { expect, test } from '@playwright/test';
import { approvedOwner, call, siteFields, uniqueTag } from './support/partners';

/**
 * Issue 45: a site page that lists no site (an unknown id, or an owner's draft nobody may book) answers 404
 * from the server, so search engines drop it, and its page takes the person home; a city page asked by an
 * old name of the city or the format answers a permanent redirect to its current address.
 */

test('old city and format names redirect (301) to the current city page', async ({ page, request }) => {
  for (const [asked, current] of [
    ['/outdoor-advertising/bangalore', '/outdoor-advertising/bengaluru'],
    ['/outdoor-advertising/bombay', '/outdoor-advertising/mumbai'],
    ['/outdoor-advertising/mumbai/hoarding', '/outdoor-advertising/mumbai/hoardings'],
  ]) {
    const answer = await request.get(asked, { maxRedirects: 0 });
    expect(answer.status(), asked).toBe(301);
    expect(answer.headers().location, asked).toBe(current);
  }
  const response = await page.goto('/outdoor-advertising/bangalore');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/outdoor-advertising\/bengaluru$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Outdoor advertising in Bengaluru' }),
  ).toBeVisible();
});

test('an unknown site and a draft site answer 404 with a page that leads home', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await approvedOwner(request);
  const created = await call(request, owner, 'POST', '/api/partner/sites', {
    data: siteFields(`Draft Hoarding ${uniqueTag()}`),
    expected: 201,
  });
  const draft = ((await created.json()) as { data: { id: number; status: string } }).data;
  expect(draft.status).toBe('draft');

  for (const path of ['/product/99999', `/product/${draft.id}`, '/product/abc']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Site not found' }), path).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A listed site still answers 200 with its page.
  const listed = await page.goto('/product/1');
  expect(listed?.status()).toBe(200);
});
