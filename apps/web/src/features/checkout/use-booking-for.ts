import type { BookRequest } from '@ooh/shared';
import { useState } from 'react';
import { billedTo, booksForClients, useAgencyClients, useMyAgency } from '../../lib/agency/agency-api';

/** A PO number's most characters (the API's limit, packages/shared booking.schemas.ts). */
export const PO_NUMBER_MAX = 40;

/**
 * Checkout's "Booking for" (decision 092): for an agency's admin or planner, myself or one of the agency's
 * clients, with an optional PO number; what the booking call adds (`client_id`, `po_number`) and whom the
 * order bills. An approver or someone of no agency gets nothing (`available` false, no fields sent).
 */
export function useBookingFor(phoneNumber: string | undefined, signedIn: boolean) {
  const agencyQuery = useMyAgency(phoneNumber, signedIn);
  const agency = agencyQuery.data;
  const available = booksForClients(agency);
  const clients = useAgencyClients(phoneNumber, signedIn && available).data ?? [];
  const [clientId, setClientId] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const client = available ? clients.find((c) => String(c.id) === clientId) : undefined;
  const po = poNumber.trim();
  const fields: Pick<BookRequest, 'client_id' | 'po_number'> = available
    ? { ...(client ? { client_id: client.id } : {}), ...(po ? { po_number: po } : {}) }
    : {};
  return {
    /** Whether the user's agency (or that there is none) is known. */
    known: agencyQuery.isSuccess,
    available,
    agency: available ? agency : null,
    clients,
    clientId: client ? clientId : '',
    setClientId,
    poNumber,
    setPoNumber,
    /** Sent with the booking call. */
    fields,
    /** Whom the order bills, when a client is chosen. */
    billed: available && client ? billedTo(agency, client) : null,
  };
}

export type BookingFor = ReturnType<typeof useBookingFor>;
