import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  briefs,
  categories,
  mediaOwners,
  products,
  proposalLines,
  proposalOffers,
  proposals,
  users,
} from '../../db/schema.ts';

/** The only code touching the briefs, proposals, proposal_lines and proposal_offers tables (decision 086). */

export type BriefRow = typeof briefs.$inferSelect;
export type ProposalRow = typeof proposals.$inferSelect;
export type LineRow = typeof proposalLines.$inferSelect;
export type OfferRow = typeof proposalOffers.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function insertBrief(db: Db, values: typeof briefs.$inferInsert): Promise<BriefRow> {
  const [row] = await db.insert(briefs).values(values).returning();
  return row;
}

export async function listBriefsOf(db: Db, userId: number) {
  return db
    .select({
      brief: briefs,
      // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and `id` would be the
      // proposal's own.
      proposals: sql<number>`(select count(*)::int from proposals p where p.brief_id = "briefs"."id")`,
    })
    .from(briefs)
    .where(eq(briefs.buyerUserId, userId))
    .orderBy(desc(briefs.id))
    .limit(200);
}

export async function findBrief(db: Db, id: number): Promise<BriefRow | undefined> {
  const [row] = await db.select().from(briefs).where(eq(briefs.id, id)).limit(1);
  return row;
}

/**
 * A live site matches a brief when its city is one of the brief's (case-insensitive) and, when the brief
 * names formats, its category's name or slug is one of them. Written once, for both directions below.
 */
const siteMatches = (brief: { cities: unknown; formats: unknown }) => sql`
  ${products.status} = 'live'
  AND lower(${products.city}) IN (SELECT lower(x) FROM jsonb_array_elements_text(${brief.cities}) x)
  AND (jsonb_array_length(${brief.formats}) = 0 OR EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(${brief.formats}) f
     WHERE lower(f) IN (lower(${categories.name}), lower(${categories.slug}))))`;

const asJson = (v: string[]) => sql`${JSON.stringify(v)}::jsonb`;

/** The approved owners with a live site matching the brief (whom a new brief is told to). */
export async function ownersMatching(db: Db, brief: Pick<BriefRow, 'cities' | 'formats'>): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: products.mediaOwnerId })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(
      and(
        eq(mediaOwners.status, 'approved'),
        siteMatches({ cities: asJson(brief.cities), formats: asJson(brief.formats) }),
      ),
    );
  return rows.map((r) => r.id).filter((id): id is number => id != null);
}

/** The owner's live sites matching a brief. */
export async function sitesMatching(db: Db, ownerId: number, brief: Pick<BriefRow, 'cities' | 'formats'>) {
  return db
    .select({ id: products.id, name: products.name, siteCode: products.productCode, city: products.city })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.mediaOwnerId, ownerId),
        siteMatches({ cities: asJson(brief.cities), formats: asJson(brief.formats) }),
      ),
    )
    .orderBy(asc(products.id))
    .limit(500);
}

/** Briefs still taking answers (answer-by day not past) with a live site of the owner matching them. */
export async function openBriefsMatching(db: Db, ownerId: number, today: string): Promise<BriefRow[]> {
  const result = await db.execute(sql`
    SELECT b.id FROM briefs b
     WHERE b.respond_by >= ${today}::date
       AND EXISTS (SELECT 1 FROM ${products} JOIN ${categories} ON ${categories.id} = ${products.categoryId}
                    WHERE ${products.mediaOwnerId} = ${ownerId}
                      AND ${siteMatches({ cities: sql`b.cities`, formats: sql`b.formats` })})
     ORDER BY b.respond_by, b.id
     LIMIT 200`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (!ids.length) return [];
  const rows = await db.select().from(briefs).where(inArray(briefs.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** The sites an owner may propose: its own, with what a line needs (null for another owner's site). */
export async function findOwnSites(db: Db, ownerId: number, ids: number[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      minDays: products.minDays,
      pricePaise: products.pricePaise,
      weeklyPricePaise: products.weeklyPricePaise,
      fourWeeklyPricePaise: products.fourWeeklyPricePaise,
    })
    .from(products)
    .where(and(eq(products.mediaOwnerId, ownerId), inArray(products.id, ids)));
}

export async function insertProposal(
  tx: Db,
  values: typeof proposals.$inferInsert,
  lines: Array<Omit<typeof proposalLines.$inferInsert, 'proposalId'>>,
  byUserId: number,
): Promise<ProposalRow> {
  const [proposal] = await tx.insert(proposals).values(values).returning();
  const inserted = await tx
    .insert(proposalLines)
    .values(lines.map((l) => ({ ...l, proposalId: proposal.id })))
    .returning();
  await tx.insert(proposalOffers).values(
    inserted.map((l) => ({
      proposalId: proposal.id,
      lineId: l.id,
      side: 'owner' as const,
      action: 'offer' as const,
      pricePaise: l.pricePaise,
      byUserId,
    })),
  );
  return proposal;
}

export async function findProposal(db: Db, id: number): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).limit(1);
  return row;
}

/** The proposal's row locked until the transaction ends: one answer at a time per proposal. */
export async function lockProposal(tx: Db, id: number): Promise<ProposalRow | undefined> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update').limit(1);
  return row;
}

export async function proposalsOfBrief(db: Db, briefId: number, ownerId?: number) {
  return db
    .select({ proposal: proposals, ownerName: mediaOwners.companyName })
    .from(proposals)
    .innerJoin(mediaOwners, eq(mediaOwners.id, proposals.mediaOwnerId))
    .where(
      ownerId === undefined
        ? eq(proposals.briefId, briefId)
        : and(eq(proposals.briefId, briefId), eq(proposals.mediaOwnerId, ownerId)),
    )
    .orderBy(asc(proposals.id));
}

/** The lines of the given proposals with what the buyer compares: site, city, format, impressions. */
export async function linesOf(db: Db, proposalIds: number[]) {
  if (!proposalIds.length) return [];
  return db
    .select({
      line: proposalLines,
      name: products.name,
      siteCode: products.productCode,
      city: products.city,
      format: categories.name,
      latitude: products.latitude,
      longitude: products.longitude,
      impression: products.impression,
      audienceSource: products.audienceSource,
      audienceMeasuredOn: products.audienceMeasuredOn,
      audienceMethod: products.audienceMethod,
      audienceVerifiedAt: products.audienceVerifiedAt,
    })
    .from(proposalLines)
    .innerJoin(products, eq(products.id, proposalLines.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(proposalLines.proposalId, proposalIds))
    .orderBy(asc(proposalLines.id));
}

export async function offersOf(db: Db, proposalIds: number[]): Promise<OfferRow[]> {
  if (!proposalIds.length) return [];
  return db
    .select()
    .from(proposalOffers)
    .where(inArray(proposalOffers.proposalId, proposalIds))
    .orderBy(asc(proposalOffers.id));
}

export async function updateLine(
  tx: Db,
  id: number,
  set: Partial<Pick<LineRow, 'pricePaise' | 'ownerPricePaise' | 'status' | 'turn'>>,
): Promise<void> {
  await tx.update(proposalLines).set(set).where(eq(proposalLines.id, id));
}

export async function insertOffers(tx: Db, offers: Array<typeof proposalOffers.$inferInsert>): Promise<void> {
  if (offers.length) await tx.insert(proposalOffers).values(offers);
}

export async function setProposalStatus(
  tx: Db,
  id: number,
  set: Pick<ProposalRow, 'status'> & Partial<Pick<ProposalRow, 'orderId'>>,
): Promise<void> {
  await tx.update(proposals).set(set).where(eq(proposals.id, id));
}

/** A buyer's phone and email, for the messages of their brief. */
export async function contactOf(db: Db, userId: number) {
  const [row] = await db
    .select({ phone: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
