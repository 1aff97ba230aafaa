/**
 * The demo catalogue's media owners (docs/product-rules.md section 7): five approved companies, each with one member
 * whose phone signs in through the dev SMS outbox (9999900001..9999900005), the sites of a few cities each,
 * and one more application left pending (9999900006) so the operator's queue is not empty.
 */
import { gstinCheckCharacter } from '@ooh/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { mediaOwnerMembers, mediaOwners, products, users } from '../schema.ts';

export interface DemoOwnerSpec {
  phone: string;
  companyName: string;
  /** GST state code of the registration (the PAN's GSTIN carries it). */
  gstState: string;
  pan: string;
  addressLine1: string;
  city: string;
  state: string;
  pin: string;
  contactFirst: string;
  contactLast: string;
  ifsc: string;
  accountNumber: string;
  /** The seed cities (slugs) whose sites it owns. */
  cities: string[];
  status: 'approved' | 'pending';
}

export const DEMO_OWNERS: readonly DemoOwnerSpec[] = [
  {
    phone: '9999900001',
    companyName: 'Sahyadri Outdoor Media Pvt Ltd',
    gstState: '27',
    pan: 'AAKCS4821M',
    addressLine1: '402, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel',
    city: 'Mumbai',
    state: 'Maharashtra',
    pin: '400013',
    contactFirst: 'Rohan',
    contactLast: 'Deshpande',
    ifsc: 'HDFC0000060',
    accountNumber: '50200012345671',
    cities: ['mumbai', 'pune', 'panaji'],
    status: 'approved',
  },
  {
    phone: '9999900002',
    companyName: 'Indraprastha Hoardings LLP',
    gstState: '07',
    pan: 'AAJFI7310Q',
    addressLine1: 'B-14, Connaught Place, Middle Circle',
    city: 'New Delhi',
    state: 'Delhi',
    pin: '110001',
    contactFirst: 'Simran',
    contactLast: 'Kohli',
    ifsc: 'ICIC0000007',
    accountNumber: '000705012345',
    cities: ['delhi', 'gurugram', 'noida'],
    status: 'approved',
  },
  {
    phone: '9999900003',
    companyName: 'Kaveri Signage Pvt Ltd',
    gstState: '29',
    pan: 'AAHCK2954D',
    addressLine1: '3rd Floor, Prestige Tower, 99 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560025',
    contactFirst: 'Ananya',
    contactLast: 'Rao',
    ifsc: 'UTIB0000009',
    accountNumber: '918020012345678',
    cities: ['bengaluru', 'chennai', 'coimbatore', 'kochi'],
    status: 'approved',
  },
  {
    phone: '9999900004',
    companyName: 'Deccan Meridian Advertising Pvt Ltd',
    gstState: '36',
    pan: 'AAGCD6187K',
    addressLine1: 'Plot 21, Road No. 2, Banjara Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    pin: '500034',
    contactFirst: 'Karthik',
    contactLast: 'Reddy',
    ifsc: 'SBIN0020063',
    accountNumber: '38211234567',
    cities: ['hyderabad', 'kolkata', 'lucknow'],
    status: 'approved',
  },
  {
    phone: '9999900005',
    companyName: 'Sabarmati Ad Displays Pvt Ltd',
    gstState: '24',
    pan: 'AAFCS8642H',
    addressLine1: '7th Floor, Shivalik Shilp, Iscon Cross Road, Satellite',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pin: '380015',
    contactFirst: 'Hetal',
    contactLast: 'Patel',
    ifsc: 'KKBK0002561',
    accountNumber: '2512345678',
    cities: ['ahmedabad', 'surat', 'jaipur', 'indore'],
    status: 'approved',
  },
  {
    phone: '9999900006',
    companyName: 'Brahmaputra Billboards Pvt Ltd',
    gstState: '18',
    pan: 'AAECB5310P',
    addressLine1: 'House 12, G.S. Road, Christian Basti',
    city: 'Guwahati',
    state: 'Assam',
    pin: '781005',
    contactFirst: 'Bikash',
    contactLast: 'Baruah',
    ifsc: 'PUNB0123400',
    accountNumber: '1234000100098765',
    cities: [],
    status: 'pending',
  },
];

/** The GSTIN of a demo owner: its state code, its PAN, entity 1, Z, and the computed check character. */
export function demoGstin(spec: DemoOwnerSpec): string {
  const first14 = `${spec.gstState}${spec.pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/**
 * Makes the demo owners and their members (users by phone) that do not exist yet; answers each owner's id
 * by phone. Safe to run again: an existing member keeps the owner it has.
 */
export async function ensureDemoOwners(db: Db, now: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const spec of DEMO_OWNERS) {
    await db
      .insert(users)
      .values({
        phoneNumber: spec.phone,
        firstName: spec.contactFirst,
        lastName: spec.contactLast,
        email: `${spec.contactFirst.toLowerCase()}@example.com`,
        company: spec.companyName,
      })
      .onConflictDoNothing();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, spec.phone));
    const [member] = await db
      .select({ ownerId: mediaOwnerMembers.mediaOwnerId })
      .from(mediaOwnerMembers)
      .where(eq(mediaOwnerMembers.userId, user.id));
    if (member) {
      ids.set(spec.phone, member.ownerId);
      continue;
    }
    const [owner] = await db
      .insert(mediaOwners)
      .values({
        companyName: spec.companyName,
        gstin: demoGstin(spec),
        pan: spec.pan,
        addressLine1: spec.addressLine1,
        city: spec.city,
        state: spec.state,
        pin: spec.pin,
        contactName: `${spec.contactFirst} ${spec.contactLast}`,
        contactPhone: spec.phone,
        contactEmail: `${spec.contactFirst.toLowerCase()}@example.com`,
        ifsc: spec.ifsc,
        accountNumber: spec.accountNumber,
        status: spec.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mediaOwners.id });
    await db.insert(mediaOwnerMembers).values({ userId: user.id, mediaOwnerId: owner.id, createdAt: now });
    ids.set(spec.phone, owner.id);
  }
  return ids;
}

const APPROVED = DEMO_OWNERS.filter((o) => o.status === 'approved');

/** The demo owner of a seed city: its region's company, or by turns for a city none names. */
export function demoOwnerPhoneOf(citySlug: string, index: number): string {
  return (APPROVED.find((o) => o.cities.includes(citySlug)) ?? APPROVED[index % APPROVED.length]).phone;
}

/**
 * Gives every site without an owner to its city's demo owner (sites of a demo database made before owners
 * existed); by city slug through the product's city name.
 */
export async function adoptOwnerlessSites(
  db: Db,
  owners: Map<string, number>,
  cityNames: Map<string, string>,
) {
  for (const spec of APPROVED) {
    const names = spec.cities.map((slug) => cityNames.get(slug)).filter((n): n is string => Boolean(n));
    if (!names.length) continue;
    await db
      .update(products)
      .set({ mediaOwnerId: owners.get(spec.phone)! })
      .where(and(isNull(products.mediaOwnerId), inArray(products.city, names)));
  }
  // Anything left (a city no owner names) goes to the first owner.
  await db
    .update(products)
    .set({ mediaOwnerId: owners.get(APPROVED[0].phone)! })
    .where(sql`${products.mediaOwnerId} is null`);
}
