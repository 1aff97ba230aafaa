import { istMonthOf } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import {
  briefBody,
  FROM,
  noticesOf,
  type ProposalView,
  propose,
  TO,
  VALID_UNTIL,
} from './proposals.test-helpers.ts';

/**
 * Issue 49's whole negotiation (decision 086): a brief, two owners propose, the buyer counters one line,
 * the owner counters back, the buyer accepts (the dates are held) and books at the agreed price, GST on
 * it; the other owner's proposal is declined and its owner told.
 */
describe('briefs and proposals: the whole negotiation', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  it('brief -> two proposals -> counter -> counter back -> accept -> order at the agreed price', async () => {
    const [a, b] = [await make.owner(), await make.owner()];
    const siteA = await make.site(a, 'live', { name: 'Worli Sea Face Gantry' });
    const siteB = await make.site(b, 'live', { name: 'Bandra Reclamation Hoarding' });
    const elsewhere = await make.owner();
    await make.site(elsewhere, 'live', { city: 'Pune', district: 'Pune', pin_code: '411001' });
    const buyer = await make.buyer();

    // The brief: matching owners are told, an owner with sites elsewhere is not.
    const brief = expectStatus<{ id: number; budget: number; status: string }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody()),
      201,
    );
    expect(brief).toMatchObject({ budget: 100000, status: 'open' });
    expect(await noticesOf(ctx, 'brief_posted', [a.admin.phone, b.admin.phone])).toHaveLength(2);
    expect(await noticesOf(ctx, 'brief_posted', [elsewhere.admin.phone])).toHaveLength(0);
    const seen = expectStatus<{ results: Array<{ id: number; matching_sites: Array<{ id: number }> }> }>(
      await make.call(a.admin, 'GET', '/api/partner/briefs'),
    );
    expect(seen.results.find((r) => r.id === brief.id)?.matching_sites.map((s) => s.id)).toEqual([siteA.id]);
    expect(
      expectStatus<{ results: Array<{ id: number }> }>(
        await make.call(elsewhere.admin, 'GET', '/api/partner/briefs'),
      ).results.map((r) => r.id),
    ).not.toContain(brief.id);

    // Two proposals; the buyer is told of each.
    const pa = await propose(make, a, brief.id, siteA, 25_000);
    const pb = await propose(make, b, brief.id, siteB, 28_000);
    expect(pa.lines[0]).toMatchObject({ price: 25_000, list_price: siteA.weekRupees, turn: 'buyer' });
    expect(await noticesOf(ctx, 'proposal_received', [buyer.phone])).toHaveLength(2);
    // Another owner's own site only; a proposal line of B's site from A is refused.
    const stolen = await make.call(a.admin, 'POST', `/api/partner/briefs/${brief.id}/proposals`, {
      lines: [{ product_id: siteB.id, from_date: FROM, to_date: TO, price: 1 }],
      valid_until: VALID_UNTIL,
      notes: '',
    });
    expect(stolen.statusCode).toBe(400);

    const listed = expectStatus<{ results: Array<{ id: number; proposals: number }> }>(
      await make.call(buyer, 'GET', '/api/briefs'),
    );
    expect(listed.results.find((r) => r.id === brief.id)?.proposals).toBe(2);
    const detail = expectStatus<{ proposals: ProposalView[] }>(
      await make.call(buyer, 'GET', `/api/briefs/${brief.id}`),
    );
    expect(detail.proposals.map((p) => p.id)).toEqual([pa.id, pb.id]);
    // Maharashtra buyer, Maharashtra marketplace: CGST + SGST, 18 % in all.
    expect(detail.proposals[0].totals).toMatchObject({ subtotal: 25_000, gst: 4_500, total: 29_500 });

    // Owner B reads only its own proposal; A's is 404 to it.
    const bView = expectStatus<{ results: Array<{ id: number; proposal: ProposalView | null }> }>(
      await make.call(b.admin, 'GET', '/api/partner/briefs'),
    );
    expect(bView.results.find((r) => r.id === brief.id)?.proposal?.id).toBe(pb.id);
    expect(
      (
        await make.call(b.admin, 'POST', `/api/partner/proposals/${pa.id}/counter`, {
          lines: [{ line_id: pa.lines[0].id, price: 1 }],
        })
      ).statusCode,
    ).toBe(404);

    // The buyer counters A's line; it waits for A now (the buyer cannot accept it meanwhile).
    const lineId = pa.lines[0].id;
    const countered = expectStatus<ProposalView>(
      await make.call(buyer, 'POST', `/api/proposals/${pa.id}/counter`, {
        lines: [{ line_id: lineId, price: 20_000 }],
      }),
    );
    expect(countered.lines[0]).toMatchObject({ price: 20_000, turn: 'owner' });
    expect(
      (await make.call(buyer, 'POST', `/api/proposals/${pa.id}/accept`, { line_ids: [lineId] })).statusCode,
    ).toBe(409);
    expect(await noticesOf(ctx, 'proposal_countered_owner', [a.admin.phone])).toHaveLength(1);

    // A counters back; B's owner never sees the buyer's offers to A.
    const back = expectStatus<ProposalView>(
      await make.call(a.admin, 'POST', `/api/partner/proposals/${pa.id}/counter`, {
        lines: [{ line_id: lineId, price: 22_000 }],
      }),
    );
    expect(back.lines[0]).toMatchObject({ price: 22_000, turn: 'buyer' });
    const bAfter = expectStatus<{ results: Array<{ id: number; proposal: ProposalView | null }> }>(
      await make.call(b.admin, 'GET', '/api/partner/briefs'),
    );
    const bOffers = bAfter.results.find((r) => r.id === brief.id)?.proposal?.offers ?? [];
    expect(bOffers.map((o) => o.line_id)).toEqual([pb.lines[0].id]);

    // The buyer accepts: the line is the deal, its dates held for the buyer until the validity ends.
    const accepted = expectStatus<ProposalView>(
      await make.call(buyer, 'POST', `/api/proposals/${pa.id}/accept`, { line_ids: [lineId] }),
    );
    expect(accepted).toMatchObject({
      status: 'accepted',
      accepted_totals: { subtotal: 22_000, total: 25_960 },
    });
    expect(accepted.offers.map((o) => `${o.side} ${o.action} ${o.price}`)).toEqual([
      'owner offer 25000',
      'buyer counter 20000',
      'owner counter 22000',
      'buyer accept 22000',
    ]);
    const holds = expectStatus<{
      results: Array<{ product_id: number; status: string; expires_at: string }>;
    }>(await make.call(buyer, 'GET', '/api/holds'));
    expect(holds.results).toEqual([
      expect.objectContaining({ product_id: siteA.id, status: 'active', expires_at: accepted.valid_until }),
    ]);
    // Another buyer cannot book the held dates.
    const other = await make.buyer();
    const taken = await make.call(other, 'POST', '/api/booking/book', {
      amount: siteA.weekRupees,
      data: [{ product_id: siteA.id, from_date: FROM, to_date: TO, customized: false }],
    });
    expect(taken.statusCode).toBe(409);

    // B's proposal declined; B is told.
    const declined = expectStatus<ProposalView>(
      await make.call(buyer, 'POST', `/api/proposals/${pb.id}/decline`),
    );
    expect(declined.status).toBe('declined');
    expect(await noticesOf(ctx, 'proposal_declined', [b.admin.phone])).toHaveLength(1);
    expect(
      (await make.call(buyer, 'POST', `/api/proposals/${pb.id}/accept`, { line_ids: [pb.lines[0].id] }))
        .statusCode,
    ).toBe(409);

    // Booking: the client's amount must be the agreed one; the order carries the agreed price.
    const wrong = await make.call(buyer, 'POST', `/api/proposals/${pa.id}/book`, {
      amount: siteA.weekRupees,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('price_changed');
    const order = expectStatus<{ order_id: number; amount: number; items: Array<{ price: number }> }>(
      await make.call(buyer, 'POST', `/api/proposals/${pa.id}/book`, { amount: 22_000 }),
    );
    expect(order).toMatchObject({ amount: 22_000, items: [{ price: 22_000 }] });
    // Checkout charges the agreed price plus GST (paise).
    const checkout = expectStatus<{ amount: number }>(
      await make.call(buyer, 'POST', '/api/booking/checkout', {
        order_id: order.order_id,
        payment: 'online',
      }),
    );
    expect(checkout.amount).toBe(2_596_000);
    // Paid through the sandbox as any order: the order page and its invoice carry the agreed price.
    const out = checkout as unknown as { razor_pay_order_id: string; checkout_url: string; amount: number };
    const token = new URL(out.checkout_url, 'http://localhost').searchParams.get('token') ?? '';
    const paid = expectStatus<{ razorpay_payment_id: string; razorpay_signature: string }>(
      await make.call(null, 'POST', '/api/payments/sandbox/pay', {
        razor_pay_order_id: out.razor_pay_order_id,
        token,
      }),
    );
    expectStatus(
      await make.call(buyer, 'POST', '/api/booking/confirm', {
        order_id: order.order_id,
        razorpay_order_id: out.razor_pay_order_id,
        payment_id: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
        amount: out.amount,
      }),
    );
    const detailPaid = expectStatus<{
      subtotal: number;
      cgst: number;
      sgst: number;
      total: number;
      invoice: { number: string } | null;
      lines: Array<{ price: number; price_lines: Array<{ label: string }> }>;
    }>(await make.call(buyer, 'GET', `/api/orders/${order.order_id}`));
    expect(detailPaid).toMatchObject({ subtotal: 22_000, cgst: 1_980, sgst: 1_980, total: 25_960 });
    expect(detailPaid.lines[0].price).toBe(22_000);
    expect(detailPaid.lines[0].price_lines[0].label).toBe(`Agreed price, proposal #${pa.id}`);
    expect(detailPaid.invoice?.number).toBeTruthy();
    // The invoice line names the agreed price and charges it, not the rate card's.
    const invoice = await make.call(buyer, 'GET', `/api/orders/${order.order_id}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    const invoiceText = (await pdfText(invoice.rawPayload)).text;
    expect(invoiceText).toContain(`Agreed price, proposal #${pa.id}`);
    expect(invoiceText).toContain('22,000');
    expect(invoiceText).not.toContain(siteA.weekRupees.toLocaleString('en-IN'));
    // The owner's statement of the month counts the agreed price (excluding GST) for the line.
    const statement = expectStatus<{
      lines: Array<{ order_id: number; site: { id: number }; value: number }>;
      totals: { value: number };
    }>(await make.call(a.admin, 'GET', `/api/partner/statements?month=${istMonthOf(ctx.clock.now())}`));
    expect(statement.lines).toEqual([
      expect.objectContaining({
        order_id: order.order_id,
        site: expect.objectContaining({ id: siteA.id }),
        value: 22_000,
      }),
    ]);
    expect(statement.totals.value).toBe(22_000);
    const after = expectStatus<{ proposals: ProposalView[] }>(
      await make.call(buyer, 'GET', `/api/briefs/${brief.id}`),
    );
    expect(after.proposals[0]).toMatchObject({ status: 'booked', order_id: order.order_id });
  });

  it("refuses another buyer's brief and proposal (404) and an owner without a matching site", async () => {
    const a = await make.owner();
    const site = await make.site(a);
    const [buyer, stranger] = [await make.buyer(), await make.buyer()];
    const brief = expectStatus<{ id: number }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody()),
      201,
    );
    const p = await propose(make, a, brief.id, site, 30_000);
    expect((await make.call(stranger, 'GET', `/api/briefs/${brief.id}`)).statusCode).toBe(404);
    expect(
      (await make.call(stranger, 'POST', `/api/proposals/${p.id}/accept`, { line_ids: [p.lines[0].id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await make.call(stranger, 'POST', `/api/proposals/${p.id}/book`, { amount: 30_000 })).statusCode,
    ).toBe(404);
    // A second proposal by the same owner is refused; the talk goes on in the first.
    const again = await make.call(a.admin, 'POST', `/api/partner/briefs/${brief.id}/proposals`, {
      lines: [{ product_id: site.id, from_date: FROM, to_date: TO, price: 1000 }],
      valid_until: VALID_UNTIL,
      notes: '',
    });
    expect(again.statusCode).toBe(409);
    // Validity past 14 days is a 400 naming the field.
    const pune = await make.owner();
    const puneSite = await make.site(pune, 'live', { city: 'Pune', district: 'Pune', pin_code: '411001' });
    const other = expectStatus<{ id: number }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody({ cities: ['pune'] })),
      201,
    );
    const long = await make.call(pune.admin, 'POST', `/api/partner/briefs/${other.id}/proposals`, {
      lines: [{ product_id: puneSite.id, from_date: FROM, to_date: TO, price: 1000 }],
      valid_until: '2026-12-25',
      notes: '',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('valid_until');
    // An owner with no site matching a brief does not see it: 404 on proposing.
    expect(
      (
        await make.call(pune.admin, 'POST', `/api/partner/briefs/${brief.id}/proposals`, {
          lines: [{ product_id: puneSite.id, from_date: FROM, to_date: TO, price: 1000 }],
          valid_until: VALID_UNTIL,
          notes: '',
        })
      ).statusCode,
    ).toBe(404);
    // The owner declines a counter: the line falls back to its offer.
    const c = await make.call(buyer, 'POST', `/api/proposals/${p.id}/counter`, {
      lines: [{ line_id: p.lines[0].id, price: 10_000 }],
    });
    expect(c.statusCode).toBe(200);
    const fell = expectStatus<ProposalView>(
      await make.call(a.admin, 'POST', `/api/partner/proposals/${p.id}/decline`, {}),
    );
    expect(fell.lines[0]).toMatchObject({ price: 30_000, turn: 'buyer', status: 'open' });
  });
  // Decision 086: once booked, a proposal stays closed even when its order is left unpaid and expires.
  it('declines single lines: the rest stays open, the last one declines the proposal, the owner is told each time', async () => {
    const a = await make.owner();
    const [first, second] = [await make.site(a), await make.site(a)];
    const buyer = await make.buyer();
    const brief = expectStatus<{ id: number }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody()),
      201,
    );
    const p = expectStatus<ProposalView>(
      await make.call(a.admin, 'POST', `/api/partner/briefs/${brief.id}/proposals`, {
        lines: [first, second].map((site) => ({
          product_id: site.id,
          from_date: FROM,
          to_date: TO,
          price: 20_000,
        })),
        valid_until: VALID_UNTIL,
        notes: 'Two sites on the same road.',
      }),
      201,
    );
    const [one, two] = p.lines;
    const decline = (body?: unknown) => make.call(buyer, 'POST', `/api/proposals/${p.id}/decline`, body);

    const some = expectStatus<ProposalView>(await decline({ line_ids: [one!.id] }));
    expect(some.status).toBe('open');
    expect(some.lines.map((l) => l.status)).toEqual(['declined', 'open']);
    // A line declined already, and a line of no proposal of this one, change nothing.
    expect((await decline({ line_ids: [one!.id] })).statusCode).toBe(409);
    const foreign = await decline({ line_ids: [999_999] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('line_ids.0');
    expect((await decline({ line_ids: [] })).statusCode).toBe(400);

    const all = expectStatus<ProposalView>(await decline({ line_ids: [two!.id] }));
    expect(all.status).toBe('declined');
    const told = await noticesOf(ctx, 'proposal_declined', [a.admin.phone]);
    expect(told).toHaveLength(2);
  });

  it('keeps a booked proposal closed when its order expires unpaid', async () => {
    const a = await make.owner();
    const site = await make.site(a);
    const buyer = await make.buyer();
    const brief = expectStatus<{ id: number }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody()),
      201,
    );
    const p = await propose(make, a, brief.id, site, 24_000);
    expectStatus(
      await make.call(buyer, 'POST', `/api/proposals/${p.id}/accept`, { line_ids: [p.lines[0].id] }),
    );
    const order = expectStatus<{ order_id: number }>(
      await make.call(buyer, 'POST', `/api/proposals/${p.id}/book`, { amount: 24_000 }),
    );
    // The order's 15-minute checkout hold lapses unpaid and the sweeper expires the order.
    ctx.clock.advance(16 * 60_000);
    try {
      await releaseExpiredHolds(ctx.database.db, ctx.clock.now());
      expect(
        expectStatus<{ status: string }>(await make.call(buyer, 'GET', `/api/orders/${order.order_id}`))
          .status,
      ).toBe('expired');
      const detail = expectStatus<{ proposals: ProposalView[] }>(
        await make.call(buyer, 'GET', `/api/briefs/${brief.id}`),
      );
      expect(detail.proposals[0]).toMatchObject({ status: 'booked', order_id: order.order_id });
      expect(detail.proposals[0].lines[0].status).toBe('booked');
      const again = await make.call(buyer, 'POST', `/api/proposals/${p.id}/book`, { amount: 24_000 });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('proposal_booked');
      const counter = await make.call(buyer, 'POST', `/api/proposals/${p.id}/counter`, {
        lines: [{ line_id: p.lines[0].id, price: 20_000 }],
      });
      expect(counter.json().error.code).toBe('proposal_booked');
      const owner = await make.call(a.admin, 'POST', `/api/partner/proposals/${p.id}/accept`, {});
      expect(owner.statusCode).toBe(409);
    } finally {
      ctx.clock.advance(-16 * 60_000);
    }
  });
});
