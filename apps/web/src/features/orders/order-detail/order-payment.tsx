import { Alert, Box, Button, Stack } from '@mui/material';
import {
  type CheckoutResponse,
  COUNTRY_PREFIX,
  formatDateTimeIst,
  formatRupees,
  type OrderDetail,
} from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCompanyDetails } from '../../../app/layout/company-details';
import { confirmPayment } from '../../../components/payment/confirm-payment';
import type { PaymentWindowResult } from '../../../components/payment/payment-window';
import { payWithRazorpay } from '../../../components/payment/razorpay-checkout';
import { SandboxPaymentDialog } from '../../../components/payment/sandbox-payment-dialog';
import { startCheckout } from '../../../components/payment/start-checkout';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useCart } from '../../../lib/cart/use-cart';
import { orderQueryKey } from '../api/get-order';
import { PAY_PARAM } from './order-format';

/** The API's answers that mean this order can no longer be paid (its hold is over or it was closed). */
const CLOSED_CODES = new Set(['order_expired', 'order_closed']);

type PayState =
  | { kind: 'idle' }
  | { kind: 'opening' }
  | { kind: 'paying'; payment: CheckoutResponse }
  | { kind: 'confirming' }
  | { kind: 'paid' }
  | { kind: 'failed'; message: string }
  | { kind: 'closed'; message: string };

/** Unpaid and still within its hold: the order's own payment window may be opened (DESIGN 14). */
export const isPayable = (order: OrderDetail, now: number) =>
  order.reserved_until !== null && Date.parse(order.reserved_until) > now;

/** The hold ran out (or the order was closed) before it was paid: nothing was charged. */
const isLapsed = (order: OrderDetail, now: number) =>
  order.status === 'expired' || (order.reserved_until !== null && Date.parse(order.reserved_until) <= now);

/**
 * An unpaid order's payment (docs/product-rules.md section 14): what to pay and until when the sites are held,
 * and "Pay" opening the online window for this same order, never a new one; on a cash order the window ends
 * no later than the cash hold did (the API keeps that). After the hold, it says so and offers to check out again.
 */
export function OrderPayment({ order }: { order: OrderDetail }) {
  const company = useCompanyDetails();
  const { currentUser } = useAuth();
  const queryClient = useQueryClient();
  const { cart } = useCart();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<PayState>({ kind: 'idle' });
  const payButton = useRef<HTMLButtonElement>(null);
  const running = useRef(false);
  const doneRef = useRef<HTMLDivElement>(null);
  const now = Date.now();
  const payable = isPayable(order, now);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.order_id) });
    await queryClient.invalidateQueries({ queryKey: ['booked-campaigns'] });
  }, [queryClient, order.order_id]);

  const finish = useCallback(
    async (payment: CheckoutResponse, result: PaymentWindowResult) => {
      if (result.status === 'dismissed') {
        setState({ kind: 'idle' });
        payButton.current?.focus();
        return;
      }
      if (result.status === 'failed') {
        setState({
          kind: 'failed',
          message: `${result.detail ?? 'The payment did not go through.'} Nothing was charged; you can try again.`,
        });
        return;
      }
      setState({ kind: 'confirming' });
      try {
        await confirmPayment({
          order_id: order.order_id,
          razorpay_order_id: result.razorpay_order_id,
          payment_id: result.payment_id,
          signature: result.signature,
          amount: payment.amount,
        });
        await refresh();
        setState({ kind: 'paid' });
      } catch (err) {
        setState({
          kind: 'failed',
          message:
            err instanceof ApiError
              ? err.message
              : 'We could not confirm your payment. Please contact us before paying again.',
        });
        await refresh();
      }
    },
    [order.order_id, refresh],
  );

  const pay = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState({ kind: 'opening' });
    try {
      const payment = await startCheckout({ order_id: order.order_id, payment: 'online' });
      if (payment.provider === 'razorpay') {
        setState({ kind: 'paying', payment });
        const result = await payWithRazorpay(payment, {
          name: currentUser?.name ?? '',
          email: typeof currentUser?.email === 'string' ? currentUser.email : '',
          contact: currentUser ? `${COUNTRY_PREFIX}${currentUser.phone_number}` : '',
        });
        await finish(payment, result);
      } else {
        // The sandbox window renders itself in a dialog and reports through onResult.
        setState({ kind: 'paying', payment });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return; // The API client went to sign-in.
      if (err instanceof ApiError && CLOSED_CODES.has(err.code)) {
        setState({ kind: 'closed', message: err.message });
      } else if (err instanceof ApiError && err.code === 'order_paid') {
        setState({ kind: 'idle' });
      } else {
        setState({
          kind: 'failed',
          message:
            err instanceof Error ? err.message : 'We could not open the payment window. Please try again.',
        });
      }
      await refresh();
    } finally {
      running.current = false;
    }
  }, [order.order_id, currentUser, finish, refresh]);

  // My Orders' "Pay" arrives with ?pay: the window opens once, and the address loses the marker so a reload
  // or Back does not open it again.
  const wantsPay = params.has(PAY_PARAM);
  useEffect(() => {
    if (!wantsPay) return;
    setParams(
      (p) => {
        p.delete(PAY_PARAM);
        return p;
      },
      { replace: true },
    );
    if (payable) void pay();
  }, [wantsPay, payable, pay, setParams]);

  // Focus goes to the confirmation once it shows, not to the page body the closed window leaves.
  const showsDone = state.kind === 'paid' && order.paid_at !== null;
  useEffect(() => {
    if (showsDone) doneRef.current?.focus();
  }, [showsDone]);

  if (state.kind === 'closed' || (isLapsed(order, now) && order.paid_at === null)) {
    return (
      <Alert
        severity="info"
        sx={{ mt: 2 }}
        data-testid="order-payment-lapsed"
        action={
          <Button
            component={RouterLink}
            to={cart.length ? '/cart' : '/products'}
            color="inherit"
            size="small"
          >
            {cart.length ? 'Check out again' : 'Find sites'}
          </Button>
        }
      >
        <strong>This order can no longer be paid.</strong>{' '}
        {order.reserved_until
          ? `Its sites were reserved until ${formatDateTimeIst(order.reserved_until)} IST and have been released. `
          : 'Its reservation ended and the sites have been released. '}
        Nothing was charged. To book these sites, check out again: a new order is placed at today's prices and
        availability.
      </Alert>
    );
  }
  if (!order.reserved_until) {
    return state.kind === 'paid' && order.paid_at ? (
      <Alert severity="success" sx={{ mt: 2 }} data-testid="order-payment-done" tabIndex={-1} ref={doneRef}>
        Payment received: order #{order.order_id} is paid. Your invoice is ready above.
      </Alert>
    ) : null;
  }

  const busy = state.kind === 'opening' || state.kind === 'paying' || state.kind === 'confirming';
  return (
    <>
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="order-payment-due">
        <strong>Payment pending - reserved until {formatDateTimeIst(order.reserved_until)} IST.</strong>{' '}
        Amount to pay: {formatRupees(order.amount_due)} (GST included).
        {order.payment_method === 'cash'
          ? ` Pay by bank transfer to ${company.legalName}, ${company.bank.name}, account ${company.bank.account}, IFSC ${company.bank.ifsc}, or in cash (below ₹2,00,000) at our office, quoting order ${order.order_id}, or pay online now. The sites are released if no payment arrives by then.`
          : ' Pay online before then; the sites are released otherwise.'}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          <Button
            ref={payButton}
            variant="contained"
            onClick={() => void pay()}
            disabled={busy}
            aria-label={`Pay ${formatRupees(order.amount_due)} online for order ${order.order_id}`}
          >
            {state.kind === 'confirming'
              ? 'Confirming payment…'
              : `Pay ${formatRupees(order.amount_due)} online`}
          </Button>
        </Stack>
        {state.kind === 'failed' ? (
          <Box role="alert" sx={{ mt: 1 }} data-testid="order-payment-error">
            {state.message}
          </Box>
        ) : null}
      </Alert>
      <SandboxPaymentDialog
        payment={state.kind === 'paying' && state.payment.provider === 'sandbox' ? state.payment : null}
        onResult={(result) => {
          if (state.kind === 'paying') void finish(state.payment, result);
        }}
      />
    </>
  );
}
