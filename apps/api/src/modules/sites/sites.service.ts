import {
  type PartnerSite,
  type PartnerSitePage,
  type RateCard,
  rateCardProblems,
  type SiteFields,
  type SiteUpdateBody,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, sqlState } from '../../lib/errors.ts';
import { generateSiteCode } from './site-code.ts';
import { audienceChanged, categoryName, columnsOf, splitListedChange, toPartnerSite } from './site-view.ts';
import {
  countSites,
  ensureCategory,
  findPhotos,
  findSite,
  insertSite,
  listSites,
  lockSite,
  type ProductRow,
  type SiteListFilter,
  type SiteRow,
  siteCodeTaken,
  updateSite,
} from './sites.repository.ts';

export { generateSiteCode } from './site-code.ts';

export interface SitesDeps {
  db: Db;
  clock: Clock;
}

/** The owner a console call acts for (request.mediaOwner) and the member making it. */
export interface Acting {
  ownerId: number;
  userId: number;
}

const codeTaken = () =>
  conflict('This site code is already used by another site; choose another.', {
    site_code: 'This site code is already used; choose another',
  });

export async function siteView(db: Db, id: number, ownerId?: number): Promise<SiteRow> {
  const row = await findSite(db, id, ownerId);
  if (!row) throw notFound('Site');
  return row;
}

/** One site of the owner with its photos (someone else's: 404). */
export async function getPartnerSite(db: Db, ownerId: number, id: number): Promise<PartnerSite> {
  const row = await siteView(db, id, ownerId);
  return toPartnerSite(row, await findPhotos(db, [id]));
}

/** A page of sites with their photos (two queries for the page, whatever its size). */
export async function sitesPage<T>(
  db: Db,
  filter: SiteListFilter,
  page: number,
  pageSize: number,
  map: (row: SiteRow, photos: Awaited<ReturnType<typeof findPhotos>>) => T,
): Promise<{ count: number; page: number; page_size: number; results: T[] }> {
  const offset = (page - 1) * pageSize;
  const count = await countSites(db, filter);
  const rows = count > offset ? await listSites(db, filter, pageSize, offset) : [];
  const photos = await findPhotos(
    db,
    rows.map((r) => r.id),
  );
  const results = rows.map((row) =>
    map(
      row,
      photos.filter((p) => p.productId === row.id),
    ),
  );
  return { count, page, page_size: pageSize, results };
}

export function partnerSitesPage(
  db: Db,
  ownerId: number,
  q: { page: number; page_size: number; status?: ProductRow['status']; search?: string },
): Promise<PartnerSitePage> {
  return sitesPage(
    db,
    { ownerId, status: q.status, search: q.search || undefined },
    q.page,
    q.page_size,
    toPartnerSite,
  );
}

/**
 * POST /api/partner/sites: a draft of the owner's. The site code is the owner's, or MO{ownerId}-XXXXXXXX;
 * a code another site uses is a 409 naming the field (the unique index decides a race).
 */
export async function createSite(deps: SitesDeps, acting: Acting, body: SiteFields): Promise<PartnerSite> {
  if (body.site_code && (await siteCodeTaken(deps.db, body.site_code))) throw codeTaken();
  refuseRateCard({
    dailyPaise: Math.round(body.price * 100),
    weeklyPaise: body.weekly_price == null ? null : Math.round(body.weekly_price * 100),
    fourWeeklyPaise: body.four_weekly_price == null ? null : Math.round(body.four_weekly_price * 100),
  });
  const now = deps.clock.now();
  for (let attempt = 1; ; attempt += 1) {
    const code = body.site_code ?? generateSiteCode(acting.ownerId);
    try {
      const id = await inTransaction(deps.db, async (tx) => {
        const categoryId = await ensureCategory(tx, body.category, categoryName(body.category));
        return insertSite(tx, {
          ...(columnsOf(body, { widthFt: null, heightFt: null }) as Required<ReturnType<typeof columnsOf>>),
          productCode: code,
          description: body.description ?? '',
          categoryId,
          mediaOwnerId: acting.ownerId,
          status: 'draft',
          images: [],
          createdAt: now,
          updatedAt: now,
        });
      });
      return getPartnerSite(deps.db, acting.ownerId, id);
    } catch (err) {
      if (sqlState(err) !== '23505') throw err;
      if (body.site_code) throw codeTaken();
      // A generated code met another site's (40 random bits: rare); draw again.
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * PATCH /api/partner/sites/{id}. A draft, pending or rejected site takes every change at once. A live or
 * paused one takes price, description, size, lighting... at once, while a change of name or location
 * waits in pending_changes for an operator: buyers keep seeing the approved values (docs/product-rules.md section 8).
 */
export async function updatePartnerSite(
  deps: SitesDeps,
  acting: Acting,
  id: number,
  body: SiteUpdateBody,
): Promise<PartnerSite> {
  try {
    await inTransaction(deps.db, async (tx) => {
      const row = await lockSite(tx, id, acting.ownerId);
      if (!row) throw notFound('Site');
      if (
        body.site_code &&
        body.site_code !== row.productCode &&
        (await siteCodeTaken(tx, body.site_code, id))
      ) {
        throw codeTaken();
      }
      const listed = row.status === 'live' || row.status === 'paused';
      const split = listed ? splitListedChange(row, body) : { immediate: body, pending: undefined };
      const values = columnsOf(split.immediate, row);
      refuseRateCard({
        dailyPaise: values.pricePaise ?? row.pricePaise,
        weeklyPaise: values.weeklyPricePaise !== undefined ? values.weeklyPricePaise : row.weeklyPricePaise,
        fourWeeklyPaise:
          values.fourWeeklyPricePaise !== undefined ? values.fourWeeklyPricePaise : row.fourWeeklyPricePaise,
      });
      if (row.audienceVerifiedAt && audienceChanged(row, values)) {
        values.audienceVerifiedAt = null;
        values.audienceVerifiedBy = null;
      }
      if (split.immediate.category !== undefined) {
        values.categoryId = await ensureCategory(
          tx,
          split.immediate.category,
          categoryName(split.immediate.category),
        );
      }
      if (split.pending !== undefined) {
        values.pendingChanges = split.pending;
        // New changes to review: the reason the last ones were refused no longer describes them.
        if (split.pending && row.rejectionReason) values.rejectionReason = null;
      }
      await updateSite(tx, id, { ...values, updatedAt: deps.clock.now() });
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw codeTaken();
    throw err;
  }
  return getPartnerSite(deps.db, acting.ownerId, id);
}

/** 400 naming the rate fields out of order (shared rateCardProblems, decision 081); nothing written. */
function refuseRateCard(card: RateCard): void {
  const fields = rateCardProblems(card);
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

type StatusAction = 'submit' | 'pause' | 'resume';

const MOVES: Record<
  StatusAction,
  { from: ProductRow['status'][]; to: ProductRow['status']; refusal: string }
> = {
  submit: {
    from: ['draft', 'rejected'],
    to: 'pending',
    refusal: 'Only a draft or a rejected site can be submitted for review',
  },
  pause: { from: ['live'], to: 'paused', refusal: 'Only a live site can be paused' },
  resume: { from: ['paused'], to: 'live', refusal: 'Only a paused site can be resumed' },
};

/**
 * POST /api/partner/sites/{id}/status: submit a draft (or a rejected site, edited) for review, pause a live
 * site (buyers stop seeing it; its bookings stay), resume a paused one. Anything else is a 409.
 */
export async function moveSite(
  deps: SitesDeps,
  acting: Acting,
  id: number,
  action: StatusAction,
): Promise<PartnerSite> {
  await inTransaction(deps.db, async (tx) => {
    const row = await lockSite(tx, id, acting.ownerId);
    if (!row) throw notFound('Site');
    const move = MOVES[action];
    // Already where the move leads (a double click, a second tab): answer the site as it is, no error.
    if (row.status === move.to) return;
    if (!move.from.includes(row.status)) throw conflict(`${move.refusal}; this one is ${row.status}.`);
    if (action === 'submit' && !(await findPhotos(tx, [id])).some((p) => p.status !== 'removed')) {
      throw conflict('Add at least one photo before submitting the site for review.', {
        photos: 'At least one photo',
      });
    }
    await updateSite(tx, id, {
      status: move.to,
      ...(action === 'submit' ? { rejectionReason: null } : {}),
      updatedAt: deps.clock.now(),
    });
  });
  return getPartnerSite(deps.db, acting.ownerId, id);
}
