/**
 * The demo agency (issue 49, decision 092): Horizon Media Planners of Mumbai, its admin (9999900008) and a
 * planner (9999900009), and two clients: Chai Point Brands, billed directly, whose plans need its
 * approver's yes (an approval link) and whose spending is capped at ₹10 lakh a month; and Monsoon
 * Footwear, billed through the agency. Members are numbers (they act for the agency at their first
 * sign-in), so no user rows are made here. Safe to run again: an agency already there is left alone.
 */
import { gstinCheckCharacter } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { agencies, agencyClients, agencyMembers } from '../schema.ts';

export const DEMO_AGENCY = {
  adminPhone: '9999900008',
  plannerPhone: '9999900009',
  companyName: 'Horizon Media Planners Pvt Ltd',
  pan: 'AAHCH4821K',
  /** Maharashtra. */
  gstState: '27',
} as const;

const gstin = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};

export async function ensureDemoAgency(db: Db, now: Date): Promise<void> {
  const [member] = await db
    .select({ id: agencyMembers.id })
    .from(agencyMembers)
    .where(eq(agencyMembers.phoneNumber, DEMO_AGENCY.adminPhone));
  if (member) return;
  const [agency] = await db
    .insert(agencies)
    .values({
      companyName: DEMO_AGENCY.companyName,
      gstin: gstin(DEMO_AGENCY.gstState, DEMO_AGENCY.pan),
      pan: DEMO_AGENCY.pan,
      address: '4th Floor, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel',
      city: 'Mumbai',
      state: 'Maharashtra',
      pin: '400013',
      createdAt: now,
    })
    .returning({ id: agencies.id });
  await db.insert(agencyMembers).values([
    { agencyId: agency.id, phoneNumber: DEMO_AGENCY.adminPhone, role: 'admin', createdAt: now },
    { agencyId: agency.id, phoneNumber: DEMO_AGENCY.plannerPhone, role: 'planner', createdAt: now },
  ]);
  await db.insert(agencyClients).values([
    {
      agencyId: agency.id,
      name: 'Chai Point Brands Pvt Ltd',
      gstin: gstin('29', 'AAFCC7512M'),
      addressLine1: '21, 80 Feet Road, Koramangala 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560034',
      billTo: 'client',
      approvalRequired: true,
      monthlyLimitPaise: 10_00_000_00,
      createdAt: now,
    },
    {
      agencyId: agency.id,
      name: 'Monsoon Footwear LLP',
      gstin: null,
      addressLine1: 'Plot 8, MIDC Bhosari',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411026',
      billTo: 'agency',
      createdAt: now,
    },
  ]);
}
