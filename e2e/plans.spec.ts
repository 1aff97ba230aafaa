import { readFile } from 'node:fs/promises';
import type { CampaignListResponse } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { apiSignIn, useSessionInPage } from './support/partners';

/** A standard campaign of the demo catalogue with its live sites (what its plan lists). */
async function standardCampaign(page: Page) {
  const res = await page.request.get('/api/campaign?page_size=5');
  const { payload } = (await res.json()) as CampaignListResponse;
  const campaign = payload.results.find((c) => c.total_locations >= 2);
  if (!campaign) throw new Error('the demo catalogue has no standard campaign with two sites');
  return campaign;
}

async function exportAs(page: Page, label: 'PowerPoint' | 'Excel' | 'PDF') {
  await page.getByRole('button', { name: 'Export plan' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label }).click();
  const download = await downloading;
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

test('export a campaign plan as PowerPoint and Excel, share it, open it signed out, revoke it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const campaign = await standardCampaign(page);
  await page.goto(`/campaign/${campaign.id}`);
  await expect(page.getByRole('button', { name: 'Export plan' })).toBeEnabled();

  const pptx = await exportAs(page, 'PowerPoint');
  expect(pptx.name).toMatch(/^media-plan-.+\.pptx$/);
  const slides = Object.keys((await JSZip.loadAsync(pptx.bytes)).files).filter((f) =>
    /^ppt\/slides\/slide\d+\.xml$/.test(f),
  );
  // A cover, one slide per site, totals.
  expect(slides).toHaveLength(campaign.total_locations + 2);
  await expect(page.getByRole('button', { name: 'Export plan' })).toBeEnabled();

  const xlsx = await exportAs(page, 'Excel');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Media plan')!;
  // The header, one row per site, a blank row (totals stand apart from the data), then the subtotal.
  const subtotalRow = campaign.total_locations + 3;
  expect(sheet.getRow(subtotalRow).getCell('C').value).toBe('Subtotal');
  // The line price column: T, after the audience source beside the daily impressions (decision 089).
  expect(sheet.getRow(subtotalRow).getCell('T').value).toMatchObject({
    formula: `SUM(T2:T${campaign.total_locations + 1})`,
  });

  // Sharing needs sign-in.
  const session = await apiSignIn(page.request);
  await useSessionInPage(page, session);
  await page.goto(`/campaign/${campaign.id}`);
  await page.getByRole('button', { name: 'Share plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share plan' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByTestId('share-link');
  await expect(linkField).toHaveValue(/\/plan\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId('share-expiry')).toContainText('Expires on');
  const link = await linkField.inputValue();

  // Someone without an account opens it.
  const stranger = await browser.newContext();
  const guest = await stranger.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  await expect(guest.getByTestId('shared-plan-site')).toHaveCount(campaign.total_locations);
  await expect(guest.getByTestId('shared-plan-total')).toContainText('₹');
  // The page and the dialog name the same moment, in IST (issue 45: they disagreed by a day).
  const expiry = (await dialog.getByTestId('share-expiry').textContent())?.match(
    /Expires on (.+ IST)\./,
  )?.[1];
  expect(expiry).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m IST$/);
  await expect(guest.getByTestId('shared-plan-expiry')).toHaveText(`Link valid until ${expiry}`);
  // Dates read first day - last day in the Indian format, never ISO with an exclusive end.
  await expect(guest.getByTestId('shared-plan-site').first()).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // The server sends the plan itself: readable with JavaScript off, and marked noindex in the HTML.
  const html = await (await stranger.request.get(link)).text();
  expect(html).toContain(campaign.name);
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);

  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('The link is revoked')).toBeVisible();
  await guest.reload();
  await expect(guest.getByTestId('shared-plan-error')).toContainText('revoked');
  await stranger.close();
});
