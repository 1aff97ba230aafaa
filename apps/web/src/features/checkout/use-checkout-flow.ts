import {
  type BookRequest,
  type CheckoutResponse,
  CLIENT_BOOKING_ERRORS,
  type Order,
  type User,
  type UserUpdateBody,
} from '@ooh/shared';
import { useCallback, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmPayment } from '../../components/payment/confirm-payment';
import type { PaymentWindowResult } from '../../components/payment/payment-window';
import { type Prefill, payWithRazorpay } from '../../components/payment/razorpay-checkout';
import { startCheckout } from '../../components/payment/start-checkout';
import { ApiError } from '../../lib/api-client';
import { bookingItems, type CartArrivalState, cartTotalRupees } from '../../lib/cart/cart-lines';
import { createActionKeys } from '../../lib/idempotency';
import type { StoredCampaign } from '../../lib/stores';
import { updateUser } from '../../lib/user/update-user';
import { bookOrder } from './api/book-order';
import { canReuseOrder, checkoutReducer, initialStep, orderOf, type PaymentMethod } from './checkout-machine';

/** The codes after which the cart itself must change: the buyer goes back to it. */
const BACK_TO_CART = new Set(['sites_unavailable', 'price_changed']);
/** The refusals of a booking for a client (decision 092): said at "Booking for", where the client is chosen. */
const CLIENT_REFUSALS = new Set<string>(Object.values(CLIENT_BOOKING_ERRORS));

/** A booking for a client refused (no approved plan, a changed one, over its monthly limit). */
export interface ClientRefusal {
  code: string;
  message: string;
  /** The client it was for: a different choice since makes it moot. */
  clientId: number | undefined;
}

export interface CheckoutFlowOptions {
  cart: readonly StoredCampaign[];
  /** An agency's booking for a client (decision 092): sent with the booking call. */
  bookingFor?: Pick<BookRequest, 'client_id' | 'po_number'>;
  /** The details were refused field by field (400 with fields): show them at the fields. */
  onDetailsRejected(fields: Record<string, string>): void;
  /** The saved user, so the header and the session show the new name. */
  onDetailsSaved(user: User): void;
  /** Paid, or a cash order placed: the cart is done with. */
  onOrderDone(): void;
}

/** A fingerprint of what an order was placed for: a changed cart, client or PO number needs a new order. */
const orderKey = ({ cart, bookingFor }: CheckoutFlowOptions) =>
  JSON.stringify([cartTotalRupees(cart), bookingItems(cart), bookingFor ?? {}]);

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : err instanceof Error ? err.message : fallback;

/**
 * Runs Place Order (docs/product-spec.md section 4, Checkout): update the profile, book (sites held 15 minutes), checkout,
 * the payment window, confirm. A failed or closed payment keeps the order so "Try again" pays the same one
 * while its hold lives; after that a new order is placed.
 */
export function useCheckoutFlow(options: CheckoutFlowOptions) {
  const [step, dispatch] = useReducer(checkoutReducer, initialStep);
  const navigate = useNavigate();
  const opts = useRef(options);
  opts.current = options;
  const placed = useRef<{ order: Order; key: string } | null>(null);
  const running = useRef(false);
  // One Idempotency-Key per cart content: a retry after a lost answer gets the order already placed.
  const bookKeys = useRef(createActionKeys());
  const [clientRefusal, setClientRefusal] = useState<ClientRefusal | null>(null);

  /** Where a failed call leaves the buyer: back at the cart, signed out, or an error they can retry. */
  const handleError = useCallback(
    (err: unknown, fallback: string) => {
      if (err instanceof ApiError && err.status === 401) return; // The API client went to sign-in.
      // Sites taken, a moved price, or a line whose dates no longer pass the rules (400 on data.N): the cart
      // names them and lets the buyer change dates.
      const lineRefused =
        err instanceof ApiError &&
        err.status === 400 &&
        Object.keys(err.fields ?? {}).some((k) => k.startsWith('data.'));
      if (err instanceof ApiError && ((err.status === 409 && BACK_TO_CART.has(err.code)) || lineRefused)) {
        placed.current = null;
        dispatch({ type: 'reset' });
        // A moved price too: the cart asks the server again and shows (and then sends) its prices.
        const state: CartArrivalState = { notice: err.message, recheck: true };
        navigate('/cart', { state });
        return;
      }
      if (err instanceof ApiError && err.status === 409 && CLIENT_REFUSALS.has(err.code)) {
        setClientRefusal({
          code: err.code,
          message: err.message,
          clientId: opts.current.bookingFor?.client_id,
        });
        dispatch({ type: 'fail', message: 'The booking for this client was refused: see Booking for.' });
        return;
      }
      if (err instanceof ApiError && err.code === 'order_expired') placed.current = null;
      // Checkout needs a billing state (and a GSTIN of that state): shown at the fields to fix.
      if (
        err instanceof ApiError &&
        err.status === 400 &&
        err.fields &&
        ['billing_state_required', 'gstin_mismatch'].includes(err.code)
      )
        opts.current.onDetailsRejected(err.fields);
      dispatch({ type: 'fail', message: messageOf(err, fallback) });
    },
    [navigate],
  );

  const finishPayment = useCallback(
    async (order: Order, payment: CheckoutResponse, result: PaymentWindowResult) => {
      if (result.status !== 'paid') {
        dispatch({
          type: 'payment-result',
          result: result.status,
          detail: 'detail' in result ? result.detail : undefined,
        });
        return;
      }
      dispatch({ type: 'payment-result', result: 'paid' });
      try {
        const answer = await confirmPayment({
          order_id: order.order_id,
          razorpay_order_id: result.razorpay_order_id,
          payment_id: result.payment_id,
          signature: result.signature,
          amount: payment.amount,
        });
        if (answer.data !== 'Payment Success') throw new Error('The payment could not be confirmed.');
        placed.current = null;
        dispatch({ type: 'confirmed' });
        opts.current.onOrderDone();
      } catch (err) {
        handleError(err, 'We could not confirm your payment. Please contact us before paying again.');
      }
    },
    [handleError],
  );

  /** Checkout for a placed order: cash ends here; online opens Razorpay (the sandbox dialog renders itself). */
  const pay = useCallback(
    async (order: Order, method: PaymentMethod, prefill: Prefill) => {
      const payment = await startCheckout({
        order_id: order.order_id,
        payment: method === 'razorpay' ? 'online' : method,
      });
      dispatch({ type: 'payment-started', payment });
      if (payment.provider === 'cash') {
        placed.current = null;
        opts.current.onOrderDone();
        return;
      }
      if (payment.provider === 'razorpay') {
        const result = await payWithRazorpay(payment, prefill);
        await finishPayment(order, payment, result);
      }
    },
    [finishPayment],
  );

  /** Place Order: the whole flow, reusing a live order for the same cart. */
  const placeOrder = useCallback(
    async (details: UserUpdateBody, method: PaymentMethod, prefill: Prefill) => {
      if (running.current) return;
      running.current = true;
      setClientRefusal(null);
      dispatch({ type: 'submit' });
      try {
        try {
          const saved = await updateUser(details);
          opts.current.onDetailsSaved(saved.data);
        } catch (err) {
          if (err instanceof ApiError && err.status === 400 && err.fields)
            opts.current.onDetailsRejected(err.fields);
          throw err;
        }
        const key = orderKey(opts.current);
        let order = placed.current?.key === key ? placed.current.order : undefined;
        if (canReuseOrder(order, Date.now())) {
          dispatch({ type: 'retry', order });
        } else {
          dispatch({ type: 'details-saved' });
          order = await bookOrder(
            {
              amount: cartTotalRupees(opts.current.cart),
              ...opts.current.bookingFor,
              data: bookingItems(opts.current.cart),
            },
            bookKeys.current.keyFor(key),
          );
          bookKeys.current.done();
          placed.current = { order, key };
          dispatch({ type: 'order-placed', order });
        }
        await pay(order, method, prefill);
      } catch (err) {
        handleError(err, 'Something went wrong while placing your order. Please try again.');
      } finally {
        running.current = false;
      }
    },
    [pay, handleError],
  );

  /** "Try again" after a failed or closed payment: the same order while its hold lives. */
  const retryPayment = useCallback(
    async (method: PaymentMethod, prefill: Prefill, details: UserUpdateBody) => {
      const order = orderOf(step) ?? placed.current?.order;
      if (!canReuseOrder(order, Date.now()) || placed.current?.key !== orderKey(opts.current)) {
        await placeOrder(details, method, prefill);
        return;
      }
      if (running.current) return;
      running.current = true;
      dispatch({ type: 'retry', order });
      try {
        await pay(order, method, prefill);
      } catch (err) {
        handleError(err, 'We could not start the payment. Please try again.');
      } finally {
        running.current = false;
      }
    },
    [step, pay, placeOrder, handleError],
  );

  /** The sandbox dialog's result. */
  const onSandboxResult = useCallback(
    (result: PaymentWindowResult) => {
      if (step.kind !== 'paying') return;
      void finishPayment(step.order, step.payment, result);
    },
    [step, finishPayment],
  );

  return {
    step,
    placeOrder,
    retryPayment,
    onSandboxResult,
    reset: () => dispatch({ type: 'reset' }),
    clientRefusal,
  };
}
