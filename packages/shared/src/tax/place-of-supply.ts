/**
 * Where an owner's supply of advertising space is taxed (DESIGN section 18, docs/decisions/078).
 *
 * Advertising space on a hoarding or another immovable structure is a service "directly in relation to
 * immovable property": its place of supply is where the property is located (IGST Act s.12(3)(a)), as
 * CBIC Circular 203/15/2023-GST (27 Oct 2023) confirms for hoardings and structures. So the SITE's state
 * decides, for every buyer, registered or not, in whatever state it is billed: CGST + SGST when the site
 * stands in the state of the owner's GSTIN (its first two digits), else IGST. The buyer's state is printed
 * as the recipient's, never used to choose the tax.
 */
import { GST_STATES, gstStateOf } from '../rules/gst.ts';

export type SupplyKind = 'intra' | 'inter';

export interface GstState {
  code: string;
  name: string;
}

/** The GST state of a two-digit code ("27" -> Maharashtra), or undefined. */
export function gstStateOfCode(code: string): GstState | undefined {
  const found = GST_STATES.find((s) => s.code === code);
  return found ? { code: found.code, name: found.name } : undefined;
}

/** The state a GSTIN is registered in: its first two digits. */
export function gstinState(gstin: string): GstState | undefined {
  return gstStateOfCode(gstin.slice(0, 2));
}

export interface PlaceOfSupply {
  /** The site's state: the place of supply printed on the invoice. */
  place: GstState;
  /** The supplier's (owner's) state, from its GSTIN. */
  supplier: GstState;
  kind: SupplyKind;
}

/**
 * The place of supply of a site standing in `siteState` (a state name as stored, "Maharashtra", "MH")
 * supplied by the owner registered as `ownerGstin`. Throws when either state is unknown: an invoice with no
 * place of supply cannot be issued, and guessing would print the wrong tax.
 */
export function placeOfSupply(siteState: string, ownerGstin: string): PlaceOfSupply {
  const place = gstStateOf(siteState);
  if (!place) throw new RangeError(`the site's state "${siteState}" is not a state or union territory`);
  const supplier = gstinState(ownerGstin);
  if (!supplier)
    throw new RangeError(`the owner's GSTIN has an unknown state code ${ownerGstin.slice(0, 2)}`);
  return { place, supplier, kind: place.code === supplier.code ? 'intra' : 'inter' };
}

/**
 * The kind of the marketplace's commission supply to an owner: the owner is registered, so the place of
 * supply is the owner's state (IGST Act s.12(2)(a)); intra when it is the marketplace's own state.
 */
export function commissionSupplyKind(ownerGstin: string, marketplaceGstin: string): SupplyKind {
  return ownerGstin.slice(0, 2) === marketplaceGstin.slice(0, 2) ? 'intra' : 'inter';
}
