import {
  type Brief,
  computeGst,
  daysBetween,
  type Proposal,
  sourcedFigures,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { audienceOf } from '../products/products.service.ts';
import {
  type BriefRow,
  linesOf,
  type OfferRow,
  offersOf,
  type ProposalRow,
  proposalsOfBrief,
} from './proposals.repository.ts';

/** How briefs and proposals read on the wire (rupees; decision 086). */

export function toBrief(row: BriefRow, now: Date): Brief {
  return {
    id: row.id,
    name: row.name,
    cities: row.cities,
    formats: row.formats,
    from_date: row.fromDate,
    to_date: row.toDate,
    budget: toRupees(row.budgetPaise),
    objective: row.objective,
    notes: row.notes,
    respond_by: row.respondBy,
    status: row.respondBy >= todayIst(now) ? 'open' : 'closed',
    created_at: row.createdAt.toISOString(),
  };
}

/** `accepted` once any line is; `expired` once the validity passed before booking. */
export function proposalStatusOf(row: ProposalRow, anyAccepted: boolean, now: Date): Proposal['status'] {
  if (row.status !== 'open') return row.status;
  if (row.validUntil <= now) return 'expired';
  return anyAccepted ? 'accepted' : 'open';
}

type LineRead = Awaited<ReturnType<typeof linesOf>>[number];

function totalsOf(subtotalPaise: number, billingState: string | null, companyState: string) {
  const gst = computeGst(subtotalPaise, billingState, companyState);
  return {
    subtotal: toRupees(subtotalPaise),
    gst: toRupees(gst.totalPaise - subtotalPaise),
    total: toRupees(gst.totalPaise),
    kind: gst.kind,
  };
}

/**
 * The standing lines' figures by the shared rule every plan reads (sourcedFigures): each line at its
 * standing price for its own days, its site's audience with its source; reach and frequency estimates.
 */
function figuresOf(lines: LineRead[]) {
  const { cost_paise, ...figures } = sourcedFigures(
    lines.map(({ line, ...site }) => ({
      daily_impressions: site.impression ?? null,
      days: daysBetween(line.fromDate, line.toDate),
      format: site.format,
      city: site.city,
      cost_paise: line.pricePaise,
      source: site.audienceSource,
    })),
  );
  return { ...figures, cost: toRupees(cost_paise) };
}

/** CPM: the price per thousand impressions over the line's days, rupees to the paisa, half up. */
function cpmOf(pricePaise: number, daily: number | null, days: number): number | null {
  if (!daily || daily <= 0) return null;
  return Math.round((pricePaise * 1000) / (daily * days)) / 100;
}

export function toProposal(
  row: ProposalRow,
  ownerName: string,
  lines: LineRead[],
  offers: OfferRow[],
  gst: { billingState: string | null; companyState: string },
  now: Date,
): Proposal {
  const standing = lines.filter((l) => l.line.status !== 'declined');
  const accepted = lines.filter((l) => l.line.status === 'accepted' || l.line.status === 'booked');
  const sum = (ls: LineRead[]) => ls.reduce((s, l) => s + l.line.pricePaise, 0);
  return {
    id: row.id,
    brief_id: row.briefId,
    owner: { id: row.mediaOwnerId, name: ownerName },
    status: proposalStatusOf(
      row,
      accepted.some((l) => l.line.status === 'accepted'),
      now,
    ),
    valid_until: row.validUntil.toISOString(),
    notes: row.notes,
    lines: lines.map(({ line, ...site }) => {
      const days = daysBetween(line.fromDate, line.toDate);
      return {
        id: line.id,
        product_id: line.productId,
        name: site.name,
        site_code: site.siteCode,
        city: site.city,
        format: site.format,
        latitude: site.latitude ?? 0,
        longitude: site.longitude ?? 0,
        from_date: line.fromDate,
        to_date: line.toDate,
        days,
        price: toRupees(line.pricePaise),
        list_price: toRupees(line.listPricePaise),
        status: line.status,
        turn: line.turn,
        daily_impressions: site.impression ?? null,
        audience: audienceOf(site),
        cpm: cpmOf(line.pricePaise, site.impression, days),
      };
    }),
    offers: offers.map((o) => ({
      id: o.id,
      line_id: o.lineId,
      side: o.side,
      action: o.action,
      price: toRupees(o.pricePaise),
      created_at: o.createdAt.toISOString(),
    })),
    totals: totalsOf(sum(standing), gst.billingState, gst.companyState),
    figures: figuresOf(standing),
    accepted_totals: totalsOf(sum(accepted), gst.billingState, gst.companyState),
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The proposals of a brief as one side reads them: the buyer every owner's, an owner only its own (never
 * another owner's proposal or the offers made to it).
 */
export async function proposalsView(
  db: Db,
  briefId: number,
  gst: { billingState: string | null; companyState: string },
  now: Date,
  ownerId?: number,
): Promise<Proposal[]> {
  const rows = await proposalsOfBrief(db, briefId, ownerId);
  const ids = rows.map((r) => r.proposal.id);
  const [lines, offers] = await Promise.all([linesOf(db, ids), offersOf(db, ids)]);
  return rows.map((r) =>
    toProposal(
      r.proposal,
      r.ownerName,
      lines.filter((l) => l.line.proposalId === r.proposal.id),
      offers.filter((o) => o.proposalId === r.proposal.id),
      gst,
      now,
    ),
  );
}
