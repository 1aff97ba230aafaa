import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  apiSignIn,
  approvedOwner,
  call,
  liveSite,
  operatorSession,
  uniqueTag,
  useSessionInPage,
} from './support/partners';

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
  const owner = await approvedOwner(request);
  const site = await liveSite(request, owner, `Queue Hoarding ${uniqueTag()}`);
  const buyer = await apiSignIn(request);
  const start = new Date(Date.now() + (60 + Math.floor(Math.random() * 250)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const line = {
    product_id: site.id,
    from_date: day(start),
    to_date: day(new Date(start.getTime() + 7 * 86_400_000)),
    campaign_id: null,
    customized: false,
  };
  const booked = await call(request, buyer, 'POST', '/api/booking/book', {
    data: { amount: 1500 * 7, data: [line] },
    expected: 200,
  });
  const orderId = ((await booked.json()) as { order_id: number }).order_id;
  const out = (await (
    await call(request, buyer, 'POST', '/api/booking/checkout', {
      data: { order_id: orderId, payment: 'online' },
      expected: 200,
    })
  ).json()) as { razor_pay_order_id: string; checkout_url: string; amount: number };
  const payToken = new URL(out.checkout_url, 'http://x').searchParams.get('token');
  const paidRes = await request.post('/api/payments/sandbox/pay', {
    data: { razor_pay_order_id: out.razor_pay_order_id, token: payToken },
  });
  expect(paidRes.status(), await paidRes.text()).toBe(200);
  const paid = (await paidRes.json()) as Record<string, string>;
  await call(request, buyer, 'POST', '/api/booking/confirm', {
    data: {
      order_id: orderId,
      razorpay_order_id: paid.razorpay_order_id,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      amount: out.amount,
    },
    expected: 200,
  });

  // Delivered by the server's queue: woken by the commit's NOTIFY, or by its next pass.
  const subject = `AdSpace India: new booking #${orderId}`;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mail-outbox?to=asha%40example.com');
        const { messages } = (await res.json()) as { messages: Array<{ subject: string }> };
        return messages.filter((m) => m.subject === subject).length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms-outbox?phone_number=${buyer.phone}`);
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
