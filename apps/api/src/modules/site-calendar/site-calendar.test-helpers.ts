import { application } from '../../../test/factory.ts';
import { insertProduct, type ProductInsert } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import type { Db } from '../../db/client.ts';
import { mediaOwnerMembers, mediaOwners, users } from '../../db/schema.ts';
import { phoneOf, tokenFor } from '../bookings/booking-test-helpers.ts';

/** Test owners and their sites, written directly (the sites CRUD and the approval have tests of their own). */

type Ctx = Pick<TestContext, 'app' | 'config' | 'clock'> & { database: { db: Db } };

export async function userIdOf(db: Db, n: number): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ phoneNumber: phoneOf(n) })
    .onConflictDoUpdate({ target: users.phoneNumber, set: { phoneNumber: phoneOf(n) } })
    .returning({ id: users.id });
  return row.id;
}

/** A media owner with one member (user n), approved unless said otherwise; answers the member's token. */
export async function ownerWithMember(
  ctx: Ctx,
  n: number,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
): Promise<{ token: string; ownerId: number; userId: number }> {
  const db = ctx.database.db;
  const userId = await userIdOf(db, n);
  const { account_number, address_line_2, ...a } = application();
  const [owner] = await db
    .insert(mediaOwners)
    .values({
      companyName: `Owner ${n} Outdoor`,
      gstin: a.gstin,
      pan: a.pan,
      addressLine1: a.address_line_1,
      addressLine2: address_line_2 ?? null,
      city: a.city,
      state: a.state,
      pin: a.pin,
      contactName: a.contact_name,
      contactPhone: a.contact_phone,
      contactEmail: a.contact_email,
      ifsc: a.ifsc,
      accountNumber: account_number,
      status,
    })
    .returning({ id: mediaOwners.id });
  await db.insert(mediaOwnerMembers).values({ userId, mediaOwnerId: owner.id });
  return { token: await tokenFor(ctx, n), ownerId: owner.id, userId };
}

export const siteOf = (db: Db, ownerId: number, overrides: Partial<ProductInsert> = {}) =>
  insertProduct(db, { mediaOwnerId: ownerId, ...overrides });
