import type { OrderDetail } from '@ooh/shared';

/**
 * The tax invoice download of a paid order (DESIGN.md section 10). PLACEHOLDER of the foundation commit:
 * the GST and invoices work replaces it.
 */
export function InvoiceLink({ order }: { order: OrderDetail }) {
  if (!order.invoice) return null;
  return <span>Invoice {order.invoice.number}</span>;
}
