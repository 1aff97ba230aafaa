import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { quarterOfMonth, thisMonthIst } from '@ooh/shared';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiPaidOrder } from './support/orders';
import {
  apiSignIn,
  approvedOwner,
  liveSite,
  operatorSession,
  uniqueTag,
  useSessionInPage,
} from './support/partners';
import { noSidewaysScroll } from './support/payouts';

const SCREENS = '.tmp/screens';

/**
 * An operator files the marketplace's taxes (DESIGN 18, decision 093): an owner's ₹10,500 week is paid
 * today; /ops/tax lists the owner's supply and the TCS collected on it (its Pune site in its Maharashtra
 * GSTIN state: CGST + SGST 0.25 % each = ₹26.25 each) and the TDS (0.1 % = ₹10.50). The periods are a GET
 * form and the CSV a plain link, so the page works before (and without) its scripts.
 */
test('an operator reads the TCS and TDS reports and downloads them, with and without scripts', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  const owner = await approvedOwner(request, `Tax Journey Outdoor ${uniqueTag()}`);
  const site = await liveSite(request, owner, `Tax Road ${uniqueTag()}`);
  const start = new Date(Date.now() + (60 + Math.floor(Math.random() * 250)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const buyer = await apiSignIn(request);
  await apiPaidOrder(
    request,
    buyer,
    [
      {
        product_id: site.id,
        from_date: day(start),
        to_date: day(new Date(start.getTime() + 7 * 86_400_000)),
        campaign_id: null,
        customized: false,
      },
    ],
    10_500,
  );
  const month = thisMonthIst();
  const quarter = quarterOfMonth(month);
  const operator = await operatorSession(request);

  // Scripts off: the server's page, its GET form and its links.
  const signing = await browser.newContext();
  const signed = await signing.newPage();
  await useSessionInPage(signed, operator);
  const state = await signing.storageState();
  await signing.close();
  const noScripts = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const bare = await noScripts.newPage();
  await bare.goto('/ops/tax');
  await expect(bare.getByRole('heading', { level: 1, name: 'Tax reports' })).toBeVisible();
  await bare.getByLabel('TCS month').fill(month);
  await bare.getByRole('combobox', { name: 'TDS quarter' }).selectOption(quarter);
  await bare.getByRole('button', { name: 'Show' }).click();
  await expect(bare).toHaveURL(new RegExp(`month=${month}&quarter=${quarter}`));
  const tcs = bare.getByRole('table', { name: `TCS per owner, ${month}` });
  const row = tcs.getByRole('row').filter({ hasText: owner.companyName });
  await expect(row).toContainText('₹10,500.00');
  await expect(row.getByRole('cell')).toHaveText([
    '₹10,500.00',
    '₹0.00',
    '₹10,500.00',
    '₹0.00',
    '₹26.25',
    '₹26.25',
  ]);
  const tds = bare.getByRole('table', { name: `TDS per owner, ${quarter}` });
  await expect(tds.getByRole('row').filter({ hasText: owner.companyName })).toContainText('₹10.50');
  const download = bare.waitForEvent('download');
  await bare
    .getByRole('region', { name: /TCS collected/ })
    .getByRole('link', { name: 'Download CSV' })
    .click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFGSTIN of the supplier,')).toBe(true);
  expect(csv).toContain(`,${owner.companyName},10500.00,0.00,10500.00,0.00,26.25,26.25\r\n`);
  await noScripts.close();

  // Scripts on, at each width.
  for (const width of [375, 768, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await useSessionInPage(page, operator);
    await page.goto(`/ops/tax?month=${month}&quarter=${quarter}`);
    await expect(
      page
        .getByRole('table', { name: `TCS per owner, ${month}` })
        .getByRole('row')
        .filter({ hasText: owner.companyName }),
    ).toContainText('₹26.25');
    await noSidewaysScroll(page, `ops tax at ${width} px`);
    await expectAccessible(page, `ops tax at ${width} px`);
    await page.screenshot({ path: `${SCREENS}/ops-tax-${width}.png`, fullPage: true });
    await context.close();
  }
});
