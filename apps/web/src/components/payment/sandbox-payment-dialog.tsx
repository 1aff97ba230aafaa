import { Close } from '@mui/icons-material';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { type CheckoutResponse, sandboxCheckoutMessageSchema } from '@ooh/shared';
import { useEffect, useRef } from 'react';
import type { PaymentWindowResult } from './payment-window';

export interface SandboxPaymentDialogProps {
  /** The sandbox provider order to pay; the dialog is open while set. */
  payment: CheckoutResponse | null;
  onResult(result: PaymentWindowResult): void;
}

/**
 * The product's own sandbox payment window (docs/product-rules.md section 6) framed in a dialog. The framed page posts
 * its result to window.parent at this origin; a frame cannot be stopped by a popup blocker, which a window
 * opened after the order calls (no longer a direct click) could be. Closing the dialog is a dismissal.
 */
export function SandboxPaymentDialog({ payment, onResult }: SandboxPaymentDialogProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const settled = useRef(false);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const providerOrderId = payment?.razor_pay_order_id ?? null;

  useEffect(() => {
    if (!providerOrderId) return;
    settled.current = false;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const parsed = sandboxCheckoutMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.razorpay_order_id !== providerOrderId || settled.current) return;
      settled.current = true;
      const m = parsed.data;
      if (m.status === 'paid') {
        onResultRef.current({
          status: 'paid',
          payment_id: m.razorpay_payment_id,
          razorpay_order_id: m.razorpay_order_id,
          signature: m.razorpay_signature,
        });
      } else if (m.status === 'failed') {
        onResultRef.current({ status: 'failed', detail: m.error.description });
      } else {
        onResultRef.current({ status: 'dismissed' });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [providerOrderId]);

  const close = () => {
    if (settled.current) return;
    settled.current = true;
    onResultRef.current({ status: 'dismissed' });
  };

  const src = payment?.checkout_url ?? null;
  return (
    <Dialog
      open={Boolean(payment && src)}
      onClose={close}
      aria-labelledby="sandbox-payment-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="sandbox-payment-title" sx={{ pr: 6 }}>
        Complete your payment
        <IconButton
          aria-label="Close the payment window"
          onClick={close}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Test payments: no real money moves.
        </Typography>
        {src ? (
          <Box
            component="iframe"
            ref={frame}
            src={src}
            title="Sandbox payment window"
            sx={{ width: '100%', height: 440, border: 0, borderRadius: 1, bgcolor: '#f3f5f9' }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
