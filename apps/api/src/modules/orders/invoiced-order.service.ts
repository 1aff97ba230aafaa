/**
 * The orders module's read of what a paid order's tax invoice prints: its invoice row, the order's taxes
 * and billing, and its lines with their sites (invoicedOrder). Invoices sits below orders (decision 072),
 * so it never imports this: workflows/invoice-pdf.workflow.ts reads it and hands it to invoices' PDF.
 */
export { findInvoicedOrder as invoicedOrder } from './invoiced-order.repository.ts';
