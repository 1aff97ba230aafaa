import { Button } from '@mui/material';
import type { OrderDetail } from '@ooh/shared';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../../lib/use-opened-once';

const loadDialog = () => import('./cancel-order-dialog');
const CancelOrderDialog = lazy(loadDialog);

/**
 * Cancel a whole order, or the given lines, showing the refund first (docs/product-rules.md section 10). The
 * button is drawn with the page; the dialog (cancel-order-dialog.tsx) loads as a pointer or the focus comes
 * near it and is drawn when first opened.
 */
export function CancelOrderAction({ order, lineIds }: { order: OrderDetail; lineIds?: number[] }) {
  const [open, setOpen] = useState(false);
  const drawn = useOpenedOnce(open);
  const targets = order.lines.filter((l) => l.cancellable && (!lineIds || lineIds.includes(l.id)));
  if (!['paid', 'partially_refunded'].includes(order.status) || targets.length === 0) return null;
  const label = lineIds ? 'Cancel this booking' : 'Cancel order';
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {drawn && (
        <Suspense fallback={null}>
          <CancelOrderDialog
            order={order}
            lineIds={lineIds}
            label={label}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
