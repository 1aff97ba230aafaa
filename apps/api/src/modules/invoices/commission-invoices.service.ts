import { COMMISSION_SAC, type CommissionInvoice, formatDateIst, todayIst, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { signPdf } from '../../lib/pdf/pdf-signature.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import { documentSigningIdentity } from '../secrets/secrets.service.ts';
import {
  type CommissionInvoiceRow,
  findCommissionInvoice,
  findCommissionInvoices,
  findOwnersInvoicedFor,
  insertCommissionInvoice,
  lockCommissionMonth,
} from './commission-invoices.repository.ts';
import { allocateDocumentNumber } from './invoice-series.repository.ts';
import { renderTaxDocument } from './tax-document.pdf.ts';

/*
 * The marketplace's commission invoices to owners (DESIGN 18, decision 093): once an IST month is over,
 * every owner whose commission of the month (as the payouts recorded it) is above zero gets one tax invoice
 * for it, SAC 998362 at 18 %, CGST + SGST when the owner is registered in the marketplace's state, else
 * IGST (place of supply: the registered recipient's location, IGST Act s.12(2)(a)), numbered in the
 * marketplace's gapless series COM/yy-yy/NNNNNN. A month whose refunds took back more commission than it
 * earned issues none (the commission credit note for it is not built yet: decision 093).
 */

/** One owner's commission of a month as the payouts recorded it (the workflow reads it from payouts). */
export interface MonthCommission {
  mediaOwnerId: number;
  commissionPaise: number;
  /** The GST on it as the lines recorded it: CGST + SGST in equal halves (intra-state), or IGST. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Issues the month's missing commission invoices, in the caller's transaction; returns how many. */
export async function issueCommissionInvoices(
  tx: Db,
  month: string,
  commissions: readonly MonthCommission[],
  now: Date,
): Promise<number> {
  await lockCommissionMonth(tx, month);
  const due = commissions.filter((c) => c.commissionPaise > 0);
  const done = await findOwnersInvoicedFor(
    tx,
    month,
    due.map((c) => c.mediaOwnerId),
  );
  let issued = 0;
  for (const c of [...due].sort((a, b) => a.mediaOwnerId - b.mediaOwnerId)) {
    if (done.has(c.mediaOwnerId)) continue;
    const allocated = await allocateDocumentNumber(tx, 'COM', now);
    await insertCommissionInvoice(tx, {
      mediaOwnerId: c.mediaOwnerId,
      month,
      number: allocated.number,
      financialYear: allocated.financialYear,
      taxablePaise: c.commissionPaise,
      cgstPaise: c.cgstPaise,
      sgstPaise: c.sgstPaise,
      igstPaise: c.igstPaise,
      issuedAt: now,
    });
    issued += 1;
  }
  return issued;
}

const toWire = (r: CommissionInvoiceRow): CommissionInvoice => ({
  id: r.id,
  number: r.number,
  month: r.month,
  issued_on: todayIst(r.issuedAt),
  taxable: toRupees(r.taxablePaise),
  cgst: toRupees(r.cgstPaise),
  sgst: toRupees(r.sgstPaise),
  igst: toRupees(r.igstPaise),
  total: toRupees(r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise),
  url: `/api/partner/commission-invoices/${r.id}.pdf`,
});

/** An owner's commission invoices (of a month, or every one). */
export async function commissionInvoicesOf(db: Db, ownerId: number, month?: string) {
  return (await findCommissionInvoices(db, ownerId, month)).map(toWire);
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One of the owner's commission invoices (another owner's id answers 404). */
export async function ownCommissionInvoice(
  db: Db,
  ownerId: number,
  id: number,
): Promise<CommissionInvoiceRow> {
  const row = await findCommissionInvoice(db, ownerId, id);
  if (!row) throw notFound('Commission invoice');
  return row;
}

/** A commission invoice as a signed PDF. */
export async function commissionInvoicePdf(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  row: CommissionInvoiceRow,
): Promise<{ pdf: Buffer; fileName: string }> {
  const db = deps.database.db;
  const [owner] = await ownersForPayouts(db, [row.mediaOwnerId]);
  if (!owner) throw notFound('Commission invoice');
  const from = `${row.month}-01`;
  const to = `${nextMonth(row.month)}-01`;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const intra = row.igstPaise === 0 && row.cgstPaise + row.sgstPaise > 0;
  const rendered = await renderTaxDocument({
    title: 'Tax invoice',
    number: { label: 'Invoice no.', value: row.number },
    date: row.issuedAt,
    seller: deps.config.company,
    recipientLabel: 'Recipient (media owner)',
    descriptionLabel: 'Service',
    buyer: {
      name: owner.companyName,
      company: null,
      addressLines: [
        owner.addressLine1,
        ...(owner.addressLine2 ? [owner.addressLine2] : []),
        `${owner.city} ${owner.pin}`,
        owner.state,
      ],
      gstin: owner.gstin,
    },
    // A registered recipient's location (IGST Act s.12(2)(a)).
    placeOfSupply: owner.state,
    sac: { code: COMMISSION_SAC, label: 'commission of the e-commerce operator' },
    lines: [
      {
        description: `Commission on advertising space sold through the marketplace, ${monthName(row.month)}`,
        detail: "As each line of the month's statement records it (its rate recorded at payment).",
        fromDate: from,
        toDate: to,
        days,
        amountPaise: row.taxablePaise,
      },
    ],
    taxes: {
      subtotalPaise: row.taxablePaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
      igstPaise: row.igstPaise,
      totalPaise: row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise,
      kind: intra ? 'intra' : 'inter',
    },
    notes: [
      `Commission invoice for ${monthName(row.month)}, issued ${formatDateIst(row.issuedAt)}. It is kept back from the month's payouts.`,
      'Tax is not payable on reverse charge basis.',
      `Digitally signed by ${deps.config.company.name} (Rule 46(q) of the GST rules); open the PDF's signature panel to check it.`,
    ],
  });
  const pdf = await signPdf(
    rendered,
    await documentSigningIdentity(deps),
    `Commission invoice ${row.number}`,
  );
  return { pdf, fileName: `commission-invoice-${row.number.replaceAll('/', '-')}.pdf` };
}
