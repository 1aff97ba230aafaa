import { Chip } from '@mui/material';
import type { OrderStatus } from '@ooh/shared';
import { humanize } from '../../lib/format';

const STATUS_COLOR: Record<OrderStatus, 'success' | 'warning' | 'default' | 'error'> = {
  paid: 'success',
  awaiting_payment: 'warning',
  pending_payment: 'warning',
  expired: 'default',
  cancelled: 'default',
  failed: 'error',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" variant="outlined" label={humanize(status)} color={STATUS_COLOR[status]} />;
}
