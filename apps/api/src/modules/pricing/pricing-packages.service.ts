import { type PricingPackage, type PricingPackageBody, toPaise, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import {
  deletePackage,
  findOwnLiveSiteIds,
  findPackagesOfOwners,
  insertPackage,
  type PricingPackageRow,
} from './pricing.repository.ts';

export function toPricingPackage(row: PricingPackageRow): PricingPackage {
  return {
    id: row.id,
    name: row.name,
    product_ids: row.productIds,
    from_date: row.fromDate,
    to_date: row.toDate,
    price: toRupees(row.pricePaise),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPackages(db: Db, ownerId: number): Promise<PricingPackage[]> {
  return (await findPackagesOfOwners(db, [ownerId])).map(toPricingPackage);
}

/**
 * Adds a package of the owner's own live sites (decision 090). Another owner's site, or one not live,
 * is a 400 naming `product_ids` (never saying whose it is). Orders already placed keep their prices.
 */
export async function createPackage(
  db: Db,
  ownerId: number,
  userId: number,
  body: PricingPackageBody,
): Promise<PricingPackage> {
  const own = new Set(await findOwnLiveSiteIds(db, ownerId, body.product_ids));
  const foreign = body.product_ids.filter((id) => !own.has(id));
  if (foreign.length) {
    const message = `Not one of your live sites: ${foreign.join(', ')}`;
    throw new HttpError(400, 'invalid_request', message, { product_ids: message });
  }
  const row = await insertPackage(db, {
    mediaOwnerId: ownerId,
    name: body.name,
    productIds: body.product_ids,
    fromDate: body.from_date,
    toDate: body.to_date,
    pricePaise: toPaise(body.price),
    notes: body.notes?.trim() ? body.notes : null,
    createdByUserId: userId,
  });
  return toPricingPackage(row);
}

/** Withdraws a package; another owner's is not found (404), like an unknown one. */
export async function removePackage(db: Db, ownerId: number, id: number): Promise<void> {
  if (!(await deletePackage(db, ownerId, id))) throw notFound('Package');
}
