import type { OrderStatus } from '@ooh/shared';
import { StatusChip, type Tone } from '../../components/status-chip';

const TONE: Record<OrderStatus, Tone> = {
  paid: 'success',
  partially_refunded: 'warning',
  refunded: 'default',
  awaiting_payment: 'warning',
  pending_payment: 'warning',
  expired: 'default',
  cancelled: 'default',
  failed: 'error',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <StatusChip status={status} tone={TONE[status]} />;
}
