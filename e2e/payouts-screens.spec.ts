import type { PayoutRow, PayoutsResponse } from '@ooh/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openInApp } from './support/hydration';
import { approvedOwner, operatorSession } from './support/partners';
import { noSidewaysScroll, pageAs, photoAt } from './support/payouts';

/*
 * The screens at phone, tablet and laptop widths, with every state in them at once. The payouts API's
 * answers are stubbed here (page.route; each screen is opened inside the app, so the browser asks) in the
 * shapes of the shared contract, because a fresh database has no released, reversed or recovered payout
 * without days passing; e2e/payouts.spec.ts drives the real API. Screenshots go to .tmp/screens/payouts-*.png.
 */
const STUB_ROW: PayoutRow = {
  id: 1,
  order_id: 501,
  line_id: 9001,
  media_owner_id: 3,
  media_owner_name: 'Sahyadri Hoardings Pvt Ltd',
  site_id: 77,
  site_code: 'PN-HO-0077',
  site_name: 'FC Road Gantry, opposite Fergusson College main gate',
  first_day: '2026-12-01',
  last_day: '2026-12-28',
  state: 'held',
  share: 37_800,
  reversed: 0,
  amount: 37_800,
  recovered: 0,
  hold_reason: 'awaiting_proof',
  reason: null,
  flagged: false,
  transfer_id: null,
  utr: null,
  released_at: null,
  created_at: '2026-11-25T05:00:00.000Z',
  provider_note: null,
};
const STUB: PayoutsResponse = {
  payouts: [
    { ...STUB_ROW, id: 1, line_id: 9001, flagged: true },
    {
      ...STUB_ROW,
      id: 2,
      line_id: 9002,
      site_name: 'Baner Road Unipole',
      site_code: 'PN-UP-0102',
      hold_reason: 'proof_unverified',
      created_at: '2026-11-24T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 3,
      line_id: 9003,
      site_name: 'Koregaon Park Bus Shelter',
      site_code: 'PN-BS-0031',
      state: 'released',
      hold_reason: null,
      transfer_id: 'trf_N3x8Lk2Qp0aZ1c',
      utr: 'HDFCN52026112312345',
      released_at: '2026-11-23T09:30:00.000Z',
      created_at: '2026-11-20T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 4,
      line_id: 9004,
      site_name: 'Hinjewadi Phase 1 Gantry',
      site_code: 'PN-GA-0007',
      state: 'reversed',
      hold_reason: null,
      reversed: 37_800,
      amount: 0,
      created_at: '2026-11-18T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 5,
      line_id: 9005,
      site_name: 'Aundh ITI Road Hoarding',
      site_code: 'PN-HO-0150',
      state: 'reversed',
      hold_reason: null,
      reversed: 10_800,
      amount: 27_000,
      created_at: '2026-11-16T05:00:00.000Z',
    },
    {
      ...STUB_ROW,
      id: 6,
      line_id: 9006,
      site_name: 'Viman Nagar Mall Facade',
      site_code: 'PN-FA-0012',
      hold_reason: 'operator_hold',
      reason: 'Buyer disputes the artwork; checking with them',
      created_at: '2026-11-15T05:00:00.000Z',
    },
  ],
  recoveries: [
    {
      id: 9,
      payout_id: 3,
      order_id: 501,
      line_id: 9003,
      amount: 5_400,
      month: '2026-11',
      created_at: '2026-11-24T10:00:00.000Z',
    },
  ],
  totals: { held: 113_400, released: 37_800, reversed: 48_600, recovered: 5_400, net_paid: 32_400 },
  linked_account: { status: 'active', account_id: 'acc_Jk29XcP0', bank_account_last4: '9012' },
};

// One journey per width, each in its own time: three widths in one test outran its timeout on a busy run.
for (const width of [375, 768, 1280]) {
  test(`the payout screens read well at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const photo = await photoAt(18.5204, 73.8567);
    const owner = await approvedOwner(request);
    const operator = await operatorSession(request);
    const stub = async (page: Page) => {
      await page.route('**/api/partner/payouts?*', (route) => route.fulfill({ json: STUB }));
      await page.route('**/api/partner/payouts', (route) => route.fulfill({ json: STUB }));
      await page.route(/\/api\/ops\/payouts(\?.*)?$/, (route) =>
        route.fulfill({
          json: route.request().url().includes('awaiting_decision=true')
            ? { ...STUB, payouts: [STUB.payouts[1]], recoveries: [] }
            : { ...STUB, linked_account: null },
        }),
      );
      await page.route('**/api/ops/orders/501/proofs', (route) =>
        route.fulfill({
          json: {
            data: [
              {
                line_id: 9002,
                site: { name: 'Baner Road Unipole', latitude: 18.5204, longitude: 73.8567 },
                proofs: [
                  {
                    id: 71,
                    image_url: '/api/proofs/71/image',
                    taken_at: '2026-11-24T04:45:00.000Z',
                    latitude: 18.5384,
                    longitude: 73.8567,
                    distance_m: 2001,
                    camera: 'Apple iPhone 13',
                    exif_stripped: false,
                    verified: false,
                    reasons: [{ code: 'too_far', message: '2.0 km from the site' }],
                    uploaded_at: '2026-11-24T05:00:00.000Z',
                  },
                ],
              },
            ],
          },
        }),
      );
      await page.route('**/api/proofs/*/image', (route) =>
        route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo }),
      );
      await page.route('**/api/partner/bookings?*', (route) =>
        route.fulfill({
          json: {
            count: 2,
            page: 1,
            page_size: 25,
            results: [9001, 9003].map((lineId, i) => ({
              line_id: lineId,
              order_id: 501,
              site_id: 77 + i,
              site_code: i ? 'PN-BS-0031' : 'PN-HO-0077',
              site_name: i
                ? 'Koregaon Park Bus Shelter'
                : 'FC Road Gantry, opposite Fergusson College main gate',
              buyer_company: 'Chai Point Brands Pvt Ltd',
              buyer_name: 'Priya Nair',
              from_date: '2026-12-01',
              to_date: '2026-12-29',
              days: 28,
              amount: 42_000,
              status: i ? 'running' : 'upcoming',
              paid_at: '2026-11-20T05:00:00.000Z',
            })),
          },
        }),
      );
    };

    {
      const ownerPage = await pageAs(browser, owner, width);
      await stub(ownerPage);
      await openInApp(ownerPage, '/partner/payouts');
      // Each page's first answer gets a roomier wait: a busy machine draws a lazy screen slowly.
      await expect(ownerPage.getByTestId('payout-total-net-paid')).toHaveText('₹32,400.00', {
        timeout: 30_000,
      });
      await expect(ownerPage.getByTestId('payout-total-recovered')).toHaveText('\u2212₹5,400.00');
      await expect(ownerPage.getByTestId('payout-line')).toHaveCount(7);
      await expect(ownerPage.getByText('Reversed in part: ₹10,800.00 of ₹37,800.00')).toBeVisible();
      await noSidewaysScroll(ownerPage, `partner payouts at ${width} px`);
      await expectAccessible(ownerPage, `partner payouts at ${width} px`);
      await ownerPage.screenshot({ path: `.tmp/screens/payouts-owner-${width}.png`, fullPage: true });

      await openInApp(ownerPage, '/partner/bookings');
      const chip = ownerPage.getByRole('link', { name: 'Payout held: awaiting proof' });
      // The bookings page asks for the owner's sites too: roomier on a busy machine.
      await expect(chip).toBeVisible({ timeout: 30_000 });
      await expect(ownerPage.getByRole('link', { name: 'Payout released' })).toBeVisible();
      await noSidewaysScroll(ownerPage, `partner bookings at ${width} px`);
      await ownerPage.screenshot({
        path: `.tmp/screens/payouts-owner-bookings-${width}.png`,
        fullPage: true,
      });
      await chip.click();
      await expect(ownerPage).toHaveURL(/\/partner\/payouts#payout-1$/);
      await ownerPage.context().close();

      const opsPage = await pageAs(browser, operator, width);
      await stub(opsPage);
      await openInApp(opsPage, '/ops/payouts');
      // A table from 900 px, cards below.
      await expect(opsPage.getByRole(width >= 900 ? 'grid' : 'list', { name: 'Payout ledger' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(opsPage.getByTestId('payout-flagged')).toHaveCount(1);
      await expectAccessible(opsPage, `ops payouts at ${width} px`);
      await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-${width}.png`, fullPage: true });
      await opsPage.getByRole('button', { name: /^Release the payout for Baner Road Unipole/ }).click();
      await expect(opsPage.getByRole('dialog')).toBeVisible();
      await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-dialog-${width}.png` });
      await opsPage.getByRole('button', { name: 'Cancel' }).click();
      await opsPage.getByRole('tab', { name: 'Waiting on a proof decision' }).click();
      const card = opsPage.getByTestId('proof-decision');
      await expect(card.getByRole('img', { name: 'Proof photo of Baner Road Unipole' })).toBeVisible();
      await noSidewaysScroll(opsPage, `ops proof decisions at ${width} px`);
      await expectAccessible(opsPage, `ops proof decisions at ${width} px`);
      await opsPage.screenshot({ path: `.tmp/screens/payouts-ops-awaiting-${width}.png`, fullPage: true });
      await opsPage.context().close();
    }
  });
}
