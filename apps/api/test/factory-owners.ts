import { eq } from 'drizzle-orm';
import { mediaOwnerMembers, mediaOwners, users } from '../src/db/schema.ts';
import type { Owner, Person } from './factory.ts';
import { application } from './factory-fields.ts';
import { insertProduct, type ProductInsert } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

/**
 * The factory's owners and sites written as rows (test/factory.ts), for the tests of what an owner does
 * with its sites (blocks, calendar, bookings, proofs, statements, refunds). Not made through the API as
 * make.owner and make.site are, because those tests make owners and sites by the dozen, often one per
 * test, where the API costs an application and its approval per owner and a form, a photo, a submission
 * and a review per site; an approval through the API also queues its notice to the owner (decision 046),
 * which tests that read every message queued must not see; and they need sites the form cannot make (a
 * daily price in paise, a site of no owner). The application, the site form and their reviews have tests
 * of their own.
 */

export interface OwnerRow extends Owner {
  /** The admin's user id. */
  userId: number;
}

export interface OwnerParts {
  ctx: TestContext;
  phone: () => string;
  person: (phone?: string, billingState?: string | null) => Promise<Person>;
}

export function ownerRowFixtures({ ctx, phone, person }: OwnerParts) {
  let owners = 0;

  /**
   * A media owner, approved unless said otherwise, whose one member is its admin, signed in, billed in
   * Maharashtra. Its details are a valid application's (a fresh PAN; the contact 9876500000,
   * asha@example.com); its company is `company` (default: "Owner N Outdoor", N counting this factory's).
   */
  async function ownerRow(
    options: {
      status?: 'approved' | 'pending' | 'rejected';
      /** The admin's number (default: a fresh one). */
      phone?: string;
      company?: string;
    } = {},
  ): Promise<OwnerRow> {
    owners += 1;
    const db = ctx.database.db;
    const admin = await person(options.phone ?? phone());
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, admin.phone));
    const { account_number, address_line_2, ...a } = application();
    const [row] = await db
      .insert(mediaOwners)
      .values({
        companyName: options.company ?? `Owner ${owners} Outdoor`,
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
        status: options.status ?? 'approved',
      })
      .returning({ id: mediaOwners.id });
    await db.insert(mediaOwnerMembers).values({ userId: user.id, mediaOwnerId: row.id });
    return { id: row.id, admin, members: { admin }, userId: user.id };
  }

  /** A live site row of `of` (a lamp post at ₹1,500 a day, 7 days at least), with any columns changed. */
  const siteRow = (of: Pick<Owner, 'id'>, overrides: Partial<ProductInsert> = {}) =>
    insertProduct(ctx.database.db, { mediaOwnerId: of.id, ...overrides });

  return { ownerRow, siteRow };
}
