import type { Db } from '../../db/client.ts';

/**
 * Issues the tax invoice of an order that just became paid, in the payment's transaction (DESIGN.md
 * section 10: a gapless INV/YYYY-YY/NNNNNN series per financial year). PLACEHOLDER of the foundation
 * commit: the GST and invoices work implements it.
 */
export async function issueInvoice(_tx: Db, _orderId: number, _now: Date): Promise<void> {}
