import { and, eq, inArray } from 'drizzle-orm';
import { expectStatus, type Factory, type Owner, type Person, type Site } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema.ts';

// The factory's clock starts at 2026-11-22 12:00 IST: a campaign in January, answers by early December.
export const FROM = '2027-01-04';
export const TO = '2027-01-11';
export const RESPOND_BY = '2026-12-01';
export const VALID_UNTIL = '2026-12-05';

export const briefBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Diwali launch, Mumbai',
  cities: ['Mumbai'],
  formats: ['hoarding'],
  from_date: FROM,
  to_date: TO,
  budget: 100000,
  objective: 'Awareness',
  notes: 'Premium hoardings near the western line.',
  respond_by: RESPOND_BY,
  ...overrides,
});

export interface ProposalView {
  id: number;
  status: string;
  valid_until: string;
  lines: Array<{
    id: number;
    product_id: number;
    price: number;
    status: string;
    turn: string;
    list_price: number;
  }>;
  offers: Array<{ side: string; action: string; price: number; line_id: number }>;
  totals: { subtotal: number; gst: number; total: number };
  accepted_totals: { subtotal: number; gst: number; total: number };
  order_id: number | null;
}

/** A buyer's brief and an owner's proposal of one line at `price` (rupees) on `site`. */
export async function briefAndProposal(
  make: Factory,
  buyer: Person,
  owner: Owner,
  site: Site,
  price = 25_000,
): Promise<{ briefId: number; proposal: ProposalView }> {
  const brief = expectStatus<{ id: number }>(await make.call(buyer, 'POST', '/api/briefs', briefBody()), 201);
  const proposal = await propose(make, owner, brief.id, site, price);
  return { briefId: brief.id, proposal };
}

export async function propose(make: Factory, owner: Owner, briefId: number, site: Site, price: number) {
  return expectStatus<ProposalView>(
    await make.call(owner.admin, 'POST', `/api/partner/briefs/${briefId}/proposals`, {
      lines: [{ product_id: site.id, from_date: FROM, to_date: TO, price }],
      valid_until: VALID_UNTIL,
      notes: 'Includes printing and mounting.',
    }),
    201,
  );
}

/** The messages of `template` queued to `recipients` (phones or emails). */
export function noticesOf(ctx: TestContext, template: string, recipients: string[]) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.template, template), inArray(notifications.recipient, recipients)));
}
