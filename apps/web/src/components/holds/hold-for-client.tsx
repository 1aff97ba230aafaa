import { useState } from 'react';
import { booksForClients, useAgencyClients, useMyAgency } from '../../lib/agency/agency-api';
import { useOptionalAuth } from '../../lib/auth/auth-context';
import { ChoiceField } from '../choice-field';

/**
 * "Hold for" (decision 092): an agency's admin or planner holds a site's dates for themselves or for one of
 * the agency's clients, as checkout's "Booking for" books. Nobody else sees a choice, and nothing is sent
 * for them. The agency is read once scripts run, so before then a hold is the buyer's own.
 */
export function useHoldForClient() {
  // Optional: the cart renders in tests (and nowhere else) without the auth provider.
  const auth = useOptionalAuth();
  const isAuthenticated = auth?.isAuthenticated ?? false;
  const phone = auth?.currentUser?.phone_number;
  const agency = useMyAgency(phone, isAuthenticated).data;
  const available = booksForClients(agency);
  const clients = useAgencyClients(phone, isAuthenticated && available).data ?? [];
  const [clientId, setClientId] = useState('');
  const client = available ? clients.find((c) => String(c.id) === clientId) : undefined;
  return {
    clients: available ? clients : [],
    clientId: client ? clientId : '',
    setClientId,
    /** The chosen client, whom the hold is for (undefined: the buyer's own). */
    client,
    /** What the hold call (and a hold's form, as hidden fields) adds. */
    fields: (client ? { client_id: client.id } : {}) as Record<string, number>,
  };
}

export type HoldForClient = ReturnType<typeof useHoldForClient>;

/** The choice itself, named `client_id` so a form sent before the app answers (hold-action.ts) carries it. */
export function HoldForClientField({ choice, id }: { choice: HoldForClient; id: string }) {
  if (!choice.clients.length) return null;
  return (
    <ChoiceField
      id={id}
      name="client_id"
      label="Hold for"
      size="small"
      value={choice.clientId}
      onChange={choice.setClientId}
      choices={[
        { value: '', label: 'Myself' },
        ...choice.clients.map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      sx={{ minWidth: 200 }}
    />
  );
}
