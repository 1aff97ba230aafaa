import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { devOutbox } from './support/dev-key';
import { paidWeekOnNewSite } from './support/orders';
import { operatorSession, uniqueTag, useSessionInPage } from './support/partners';

/**
 * Issue 12: the running server's job queue delivers the booking confirmation on its own (no test hook):
 * a buyer pays for an approved owner's site, and the owner's contact address finds "new booking #N" in
 * the dev mail outbox moments later, the buyer an SMS. The operator's overdue list opens from the nav.
 */
test('a paid booking reaches the media owner by email and the buyer by SMS; operators see the overdue list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { buyer, orderId } = await paidWeekOnNewSite(request, `Queue Hoarding ${uniqueTag()}`);

  // Delivered by the server's queue: woken by the commit's NOTIFY, or by its next pass.
  const subject = `AdSpace India: new booking #${orderId}`;
  await expect
    .poll(
      async () => {
        const res = await request.get(devOutbox('mail-outbox', { to: 'asha@example.com' }));
        const { messages } = (await res.json()) as { messages: Array<{ subject: string }> };
        return messages.filter((m) => m.subject === subject).length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect
    .poll(
      async () => {
        const res = await request.get(devOutbox('sms-outbox', { phone_number: buyer.phone }));
        const { messages } = (await res.json()) as { messages: Array<{ body: string }> };
        return messages.filter((m) => m.body.startsWith(`AdSpace India: order #${orderId} is confirmed`))
          .length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await useSessionInPage(page, await operatorSession(request));
  await page.goto('/ops');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Overdue' }).click();
  await expect(page.getByRole('heading', { name: 'Overdue', level: 1 })).toBeVisible();
  await expect(page.getByText(/Artwork is due 3 days before a line starts/)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Overdue lines' })).toBeVisible();
  await expect(page.getByText(/^\d+ lines?$/)).toBeVisible();
  await expectAccessible(page, 'ops overdue');
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `.tmp/overdue-${width}.png`, fullPage: true });
  }
});
