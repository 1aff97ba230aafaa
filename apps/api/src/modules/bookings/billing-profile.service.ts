import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { clientForBooking } from '../agencies/agencies.service.ts';
import { profileOf, type UserProfile } from '../users/users.service.ts';

/**
 * Whom an order bills (decision 092): the buyer's own profile, or for an agency's client the client
 * (named "through <agency>") or, with `bill_to` agency, the agency (naming the client). This is the one
 * input of the order's taxes and invoice billing that changes; the PO number rides along into `billing`.
 * A client that is not one of the user's agency's (as admin or planner) is 404.
 */
export async function billingProfileOf(
  db: Db,
  userId: number,
  clientId: number | null | undefined,
): Promise<UserProfile | undefined> {
  const profile = await profileOf(db, userId);
  if (!clientId) return profile;
  if (!profile) throw notFound('Client');
  const { client, agency } = await clientForBooking(
    db,
    { id: userId, phoneNumber: profile.phoneNumber },
    clientId,
  );
  const direct = client.billTo === 'client';
  return {
    ...profile,
    firstName: '',
    lastName: '',
    company: direct ? client.name : agency.companyName,
    addressLine1: direct ? client.addressLine1 : agency.address,
    addressLine2: direct ? `through ${agency.companyName}` : `for client ${client.name}`,
    city: direct ? client.city : agency.city,
    state: direct ? client.state : agency.state,
    pin: direct ? client.pin : agency.pin,
    gst: direct ? client.gstin : agency.gstin,
  };
}

/** The order's billing with the client's PO number, which the invoice prints. */
export function withPoNumber<T extends { billing: Record<string, string | null> }>(
  taxes: T,
  poNumber: string | null | undefined,
): T {
  return poNumber ? { ...taxes, billing: { ...taxes.billing, po_number: poNumber } } : taxes;
}
