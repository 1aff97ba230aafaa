import {
  computeGst,
  formatDateIst,
  type ProformaRequest,
  priceBreakdownText,
  priceLineToWire,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { StoredPriceLine } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { signPdf } from '../../lib/pdf/pdf-signature.ts';
import { documentSigningIdentity } from '../secrets/secrets.service.ts';
import { profileOf } from '../users/users.service.ts';
import { allocateDocumentNumber, issueInvoice as issueInvoiceRow } from './invoice-series.repository.ts';
import { findInvoiceNumber, findSitesForQuote, type InvoiceRow } from './invoices.repository.ts';
import { renderTaxDocument, renderTaxDocumentCached, type TaxDocument } from './tax-document.pdf.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

/**
 * A credit note's number (series CN), taken when a refund is processed, in the transaction that records
 * it (a rollback returns the number: the series stays gapless).
 */
export const allocateCreditNoteNumber = async (tx: Db, now: Date): Promise<string> =>
  (await allocateDocumentNumber(tx, 'CN', now)).number;

/**
 * The tax invoice of an order that just became paid, in the payment's transaction (the pay workflow's step):
 * at most one per order, numbered from the gapless series.
 */
export function issueInvoice(tx: Db, orderId: number, now: Date): Promise<void> {
  return issueInvoiceRow(tx, orderId, now);
}

export function invoiceNumberOf(db: Db, orderId: number): Promise<string | null> {
  return findInvoiceNumber(db, orderId);
}

/** The buyer's billing address as printed on tax documents (the invoice and its credit notes). */
export const addressLines = (b: Record<string, string | null>) =>
  [
    b.address_line_1,
    b.address_line_2,
    [b.city, b.state].filter(Boolean).join(', ') + (b.pin ? ` ${b.pin}` : ''),
  ].filter((l): l is string => Boolean(l?.trim()));

/**
 * A paid order's invoice with what its PDF prints: the order's taxes, billing snapshot and buyer, its lines
 * and their sites. The orders module reads it (orders' invoiced-order.service.ts `invoicedOrder`); orders
 * sits above invoices (decision 072), so workflows/invoice-pdf.workflow.ts hands it in and this module
 * reads no order table (issue 43).
 */
export interface InvoicedOrder {
  invoice: InvoiceRow;
  order: {
    id: number;
    userId: number;
    paidAt: Date | null;
    billing: Record<string, string | null> | null;
    buyerGstin: string | null;
    placeOfSupply: string | null;
    subtotalPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    amountPaise: number;
  };
  lines: Array<{
    productName: string;
    productCode: string;
    city: string;
    campaignName: string;
    fromDate: string;
    toDate: string;
    days: number;
    pricePaise: number;
    priceLines: StoredPriceLine[] | null;
  }>;
}

/**
 * The tax invoice PDF of a paid order (`found`, undefined for an order without an invoice): for the buyer
 * who owns it or an operator; anyone else, or an order without an invoice, is 404. Rendered from the
 * invoice row and the order's recorded taxes and billing snapshot, so it reads the same whenever it is
 * downloaded.
 */
export async function invoicePdf(
  deps: Deps,
  caller: { userId: number; operator: boolean },
  found: InvoicedOrder | undefined,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!found || (!caller.operator && found.order.userId !== caller.userId)) throw notFound('Invoice');
  const { invoice, order, lines } = found;
  const billing = order.billing ?? {};
  const doc: TaxDocument = {
    title: 'Tax invoice',
    number: { label: 'Invoice no.', value: invoice.number },
    date: invoice.issuedAt,
    seller: deps.config.company,
    buyer: {
      name: billing.name ?? null,
      company: billing.company ?? null,
      // An agency client's PO number (decision 092) is printed with the buyer.
      addressLines: [
        ...addressLines(billing),
        ...(billing.po_number ? [`PO number: ${billing.po_number}`] : []),
      ],
      gstin: order.buyerGstin,
    },
    placeOfSupply: order.placeOfSupply,
    lines: lines.map((l) => ({
      description: l.productName,
      // How the line's amount was reached, as the order page writes it; the amount itself is the stored price.
      detail: [
        `${l.productCode}, ${l.city} · ${l.campaignName}`,
        ...priceBreakdownText((l.priceLines ?? []).map(priceLineToWire)),
      ].join('\n'),
      fromDate: l.fromDate,
      toDate: l.toDate,
      days: l.days,
      amountPaise: l.pricePaise,
    })),
    taxes: {
      subtotalPaise: order.subtotalPaise,
      cgstPaise: order.cgstPaise,
      sgstPaise: order.sgstPaise,
      igstPaise: order.igstPaise,
      totalPaise: order.amountPaise,
      kind: order.igstPaise > 0 || order.cgstPaise === 0 ? 'inter' : 'intra',
    },
    notes: [
      // The IST day, as the invoice's date: paid at 00:39 IST on 2 Dec reads 2 Dec, never 1 Dec (UTC).
      `Order ${order.id}. Paid ${order.paidAt ? formatDateIst(order.paidAt) : ''}.`,
      'Tax is not payable on reverse charge basis.',
      `Digitally signed by ${deps.config.company.name} (Rule 46(q) of the GST rules); open the PDF's signature panel to check it.`,
    ],
  };
  const pdf = await signPdf(
    await renderTaxDocument(doc),
    await documentSigningIdentity(deps),
    `Tax invoice ${invoice.number}`,
  );
  return { pdf, fileName: `invoice-${invoice.number.replaceAll('/', '-')}.pdf` };
}

/** How long a quotation's prices hold (a note on the PDF; availability is confirmed only by booking). */
export const QUOTE_VALID_DAYS = 7;

/** A cart line priced as /booking/book would (the bookings module prices it, workflows/proforma). */
export interface QuoteLine {
  productId: number;
  productName: string;
  campaignName: string | null;
  fromDate: string;
  toDate: string;
  days: number;
  pricePaise: number;
}

/** Who a quotation bills: the signed-in buyer's profile as the order would record it, else the name given. */
async function quotationBuyer(
  deps: Deps,
  body: ProformaRequest,
  userId: number | undefined,
): Promise<{ buyer: TaxDocument['buyer']; billingState: string | undefined }> {
  const profile = userId === undefined ? undefined : await profileOf(deps.database.db, userId);
  if (profile) {
    const name = `${profile.firstName} ${profile.lastName}`.trim();
    return {
      buyer: {
        name: name || body.buyer_name || null,
        company: profile.company,
        addressLines: addressLines({
          address_line_1: profile.addressLine1,
          address_line_2: profile.addressLine2,
          city: profile.city,
          state: profile.state,
          pin: profile.pin,
        }),
        gstin: profile.gst?.trim().toUpperCase() || null,
      },
      // The profile's state is the one the order will be billed in; a state the page sent is a fallback.
      billingState: profile.state ?? body.billing_state,
    };
  }
  return {
    buyer: body.buyer_name
      ? { name: body.buyer_name, company: null, addressLines: [], gstin: null, gstinUnknown: true }
      : null,
    billingState: body.billing_state,
  };
}

/**
 * POST /api/quotes/proforma.pdf: the cart priced now by the same rules as /booking/book, with GST by the
 * billing state (the signed-in buyer's profile, else the one given, else a neutral 18 % estimate), billed
 * to the signed-in buyer's profile (name, company, address, GSTIN). Lines that break the date rules are a
 * 400 naming them.
 */
export async function proformaPdf(
  deps: Deps,
  body: ProformaRequest,
  items: QuoteLine[],
  userId?: number,
): Promise<Buffer> {
  const now = deps.clock.now();
  const { buyer, billingState } = await quotationBuyer(deps, body, userId);
  const sites = new Map(
    (await findSitesForQuote(deps.database.db, [...new Set(items.map((i) => i.productId))])).map((s) => [
      s.id,
      s,
    ]),
  );
  const subtotal = items.reduce((sum, i) => sum + i.pricePaise, 0);
  const gst = computeGst(subtotal, billingState, deps.config.company.state);
  // Anyone may ask, so the same cart asked for again (a refresh, a bot) is answered from the cache.
  return renderTaxDocumentCached({
    title: 'Proforma invoice / Quotation',
    date: now,
    seller: deps.config.company,
    buyer,
    placeOfSupply: gst.placeOfSupply,
    lines: items.map((i) => {
      const site = sites.get(i.productId);
      return {
        description: i.productName,
        detail: [site ? `${site.productCode}, ${site.city}` : '', i.campaignName].filter(Boolean).join(' · '),
        fromDate: i.fromDate,
        toDate: i.toDate,
        days: i.days,
        amountPaise: i.pricePaise,
      };
    }),
    taxes: { ...gst, kind: gst.kind },
    notes: [
      `Prices valid for ${QUOTE_VALID_DAYS} days from the date above, subject to availability: sites are reserved only when an order is placed.`,
      'This is a quotation, not a tax invoice. The tax invoice is issued when the order is paid.',
    ],
  });
}
