import { buyerGstinProblem, computeGst } from '@ooh/shared';
import { HttpError } from '../../lib/errors.ts';
import type { UserProfile } from '../users/users.service.ts';

/** What an order records of its taxes and its buyer (orders' GST columns, docs/product-rules.md section 10). */
export interface OrderTaxes {
  subtotalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What is charged: subtotal + taxes. */
  amountPaise: number;
  placeOfSupply: string;
  buyerGstin: string | null;
  billing: Record<string, string | null>;
}

export type TaxesResult = { ok: true; taxes: OrderTaxes } | { ok: false; error: HttpError };

/**
 * The taxes of an order of `subtotalPaise` from the buyer's profile: the billing state decides CGST +
 * SGST or IGST; a GSTIN, when given, must belong to that state. A missing or unknown state, or a GSTIN of
 * another state, is a 400 that says what to fix in the profile.
 */
export function taxesFromProfile(
  subtotalPaise: number,
  profile: UserProfile | undefined,
  companyState: string,
): TaxesResult {
  const gst = computeGst(subtotalPaise, profile?.state, companyState);
  if (!profile || gst.kind === 'estimate' || !gst.placeOfSupply) {
    const given = profile?.state?.trim();
    return {
      ok: false,
      error: new HttpError(
        400,
        'billing_state_required',
        given
          ? `"${given}" is not a state or union territory of India. Please correct the billing state in your details: it decides the GST (CGST + SGST or IGST).`
          : 'Please add your billing state to your details: it decides the GST (CGST + SGST or IGST) on this order.',
        { state: 'Enter the billing state (e.g. Maharashtra).' },
      ),
    };
  }
  const gstin = profile.gst?.trim().toUpperCase() || null;
  if (gstin) {
    const problem = buyerGstinProblem(gstin, gst.placeOfSupply);
    if (problem)
      return {
        ok: false,
        error: new HttpError(400, 'gstin_mismatch', `${problem}. Please correct it in your details.`, {
          gst: problem,
        }),
      };
  }
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return {
    ok: true,
    taxes: {
      subtotalPaise,
      cgstPaise: gst.cgstPaise,
      sgstPaise: gst.sgstPaise,
      igstPaise: gst.igstPaise,
      amountPaise: gst.totalPaise,
      placeOfSupply: gst.placeOfSupply,
      buyerGstin: gstin,
      billing: {
        name: name || null,
        company: profile.company,
        address_line_1: profile.addressLine1,
        address_line_2: profile.addressLine2,
        city: profile.city,
        state: gst.placeOfSupply,
        pin: profile.pin,
        email: profile.email,
        phone_number: profile.phoneNumber,
      },
    },
  };
}
