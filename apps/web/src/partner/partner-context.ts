import type { Roles } from '@ooh/shared';
import { createContext, useContext } from 'react';

/** The approved media owner the console acts for (set by PartnerLayout once the gate has passed). */
export type PartnerOwner = NonNullable<Roles['media_owner']>;
export const PartnerOwnerContext = createContext<PartnerOwner | null>(null);

export function usePartnerOwner(): PartnerOwner {
  const owner = useContext(PartnerOwnerContext);
  if (!owner) throw new Error('usePartnerOwner is used outside the partner console.');
  return owner;
}
