import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Grid,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { COUNTRY_PREFIX, type UserUpdateBody, userUpdateBodySchema } from '@ooh/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { OrderSummaryList } from '../../components/order-summary';
import { OtpLoginForm } from '../../components/otp-login-form';
import type { Prefill } from '../../components/payment/razorpay-checkout';
import { SandboxPaymentDialog } from '../../components/payment/sandbox-payment-dialog';
import {
  PROFILE_SECTIONS,
  type ProfileFieldName,
  type ProfileFormValues,
  ProfileSectionFields,
  sectionOf,
  toProfileFormValues,
} from '../../components/profile-fields';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCart } from '../../lib/cart/use-cart';
import { useUserQuery } from '../../lib/user/get-user';
import { isBusy, type PaymentMethod } from './checkout-machine';
import { BookingForSection } from './components/booking-for-section';
import { CheckoutSection } from './components/checkout-section';
import { CheckoutStatus } from './components/checkout-status';
import { CashOrderDialog, PaymentSuccessDialog } from './components/order-done-dialogs';
import { PaymentMethodField } from './components/payment-method-field';
import { useBookingFor } from './use-booking-for';
import { useCheckoutFlow } from './use-checkout-flow';

type SectionId = 'login' | (typeof PROFILE_SECTIONS)[number]['id'];

/** docs/product-spec.md section 2: with a token Login Details is collapsed and the others open; without, the reverse. */
const openSections = (signedIn: boolean): Set<SectionId> =>
  new Set<SectionId>(signedIn ? PROFILE_SECTIONS.map((s) => s.id) : ['login']);

const prefillOf = (body: UserUpdateBody): Prefill => ({
  name: `${body.first_name} ${body.last_name}`.trim(),
  email: body.email ?? '',
  contact: `${COUNTRY_PREFIX}${body.phone_number}`,
});

const LOGIN_TEXTS = { requestButton: 'Submit Phone Number', submitButton: 'Submit OTP' };

/**
 * /user-details, "Checkout" (docs/product-spec.md sections 2 and 4): sign in, the buyer's details (prefilled from GET
 * /auth/user/), the payment method and Place Order, with the cart summary on the side.
 */
export default function CheckoutPage() {
  const { isAuthenticated, currentUser, saveUser, logout } = useAuth();
  const { cart, clear } = useCart();
  const [expanded, setExpanded] = useState(() => openSections(isAuthenticated));
  const [method, setMethod] = useState<PaymentMethod>('razorpay');
  const [formError, setFormError] = useState<string | null>(null);
  const phone = currentUser?.phone_number;
  const user = useUserQuery(phone, isAuthenticated);

  const form = useForm<ProfileFormValues, unknown, UserUpdateBody>({
    resolver: zodResolver(userUpdateBodySchema) as never,
    defaultValues: toProfileFormValues(null),
    mode: 'onTouched',
  });
  const { register, handleSubmit, reset, setError, setFocus, setValue, getValues, formState } = form;
  // The state as typed decides the summary's CGST + SGST or IGST, as the order will record it.
  const typedState = useWatch({ control: form.control, name: 'state' }) as string | undefined;
  // An agency booking for a client bills the client or the agency (decision 092): their state, not the user's.
  const booking = useBookingFor(phone, isAuthenticated);
  const billingState = booking.billed?.state ?? typedState;

  const flow = useCheckoutFlow({
    cart,
    bookingFor: booking.fields,
    onDetailsSaved: saveUser,
    onDetailsRejected: (fields) => {
      const names = Object.keys(fields).filter((name) => sectionOf(name));
      for (const name of names) setError(name as ProfileFieldName, { message: fields[name] });
      showFields(names);
    },
    onOrderDone: clear,
  });
  const busy = isBusy(flow.step);
  // Until the saved details arrive the form is blank: Place Order would only report empty fields.
  const detailsLoading = isAuthenticated && user.isLoading;

  // Signing in here (or out elsewhere) flips which sections are open.
  useEffect(() => setExpanded(openSections(isAuthenticated)), [isAuthenticated]);

  // Prefill once the user arrives, without overwriting what the buyer already typed.
  useEffect(() => {
    if (user.data && !formState.isDirty) reset(toProfileFormValues(user.data));
  }, [user.data, formState.isDirty, reset]);
  useEffect(() => {
    if (phone && !getValues('phone_number')) setValue('phone_number', phone.replace(/^\+91/, ''));
  }, [phone, getValues, setValue]);

  // A token the API no longer accepts: back to Login Details.
  const unauthorized = user.error instanceof ApiError && user.error.status === 401;
  useEffect(() => {
    if (unauthorized) logout();
  }, [unauthorized, logout]);

  const toggle = (id: SectionId) => (open: boolean) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Opens the sections holding these fields and focuses the first. */
  function showFields(names: string[]) {
    const ids = names.map(sectionOf).filter((id): id is NonNullable<typeof id> => Boolean(id));
    if (!ids.length) return;
    setExpanded((s) => new Set([...s, ...ids]));
    requestAnimationFrame(() => setFocus(names[0] as ProfileFieldName));
  }

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const order = PROFILE_SECTIONS.flatMap((s) => s.fields.map((f) => f.name));
    showFields(order.filter((name) => errors[name]));
    setFormError('Please complete the highlighted details.');
  };

  const guard = (): boolean => {
    setFormError(null);
    if (!isAuthenticated) {
      setExpanded(openSections(false));
      setFormError('Please sign in with your phone number first.');
      return false;
    }
    if (!cart.length) {
      setFormError('Your cart is empty.');
      return false;
    }
    return true;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !guard()) return;
    void handleSubmit((body) => flow.placeOrder(body, method, prefillOf(body)), onInvalid)(event);
  };

  const onRetry = () => {
    if (busy || !guard()) return;
    void handleSubmit((body) => flow.retryPayment(method, prefillOf(body), body), onInvalid)();
  };

  const paid = flow.step.kind === 'paid';
  const sandboxPayment =
    flow.step.kind === 'paying' && flow.step.payment.provider === 'sandbox' ? flow.step.payment : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={1.5}>
            <CheckoutSection
              id="login-details"
              title="Login Details"
              note={
                isAuthenticated && phone
                  ? `Signed in as ${COUNTRY_PREFIX} ${phone.replace(/^\+91/, '')}`
                  : undefined
              }
              expanded={expanded.has('login')}
              disabled={isAuthenticated}
              onToggle={toggle('login')}
            >
              <Box sx={{ maxWidth: 420 }}>
                <OtpLoginForm texts={LOGIN_TEXTS} disabled={isAuthenticated} />
              </Box>
            </CheckoutSection>

            <Box component="form" noValidate onSubmit={onSubmit} aria-label="Checkout details">
              <Stack spacing={1.5}>
                {PROFILE_SECTIONS.map((section) => (
                  <CheckoutSection
                    key={section.id}
                    id={`${section.id}-details`}
                    title={section.title}
                    expanded={expanded.has(section.id)}
                    disabled={!isAuthenticated}
                    onToggle={toggle(section.id)}
                  >
                    {user.isPending && isAuthenticated ? (
                      <CircularProgress size={24} aria-label="Loading your details" />
                    ) : (
                      <ProfileSectionFields
                        section={section}
                        register={register}
                        errors={formState.errors}
                        readOnly={busy || paid}
                      />
                    )}
                  </CheckoutSection>
                ))}
                <BookingForSection
                  booking={booking}
                  disabled={busy || paid}
                  refusal={
                    flow.clientRefusal && flow.clientRefusal.clientId === booking.fields.client_id
                      ? flow.clientRefusal.message
                      : null
                  }
                />
                <Paper variant="outlined" sx={{ p: 2.5 }}>
                  <PaymentMethodField value={method} onChange={setMethod} disabled={busy || paid} />
                </Paper>
              </Stack>
              {formError ? (
                <Alert severity="error" sx={{ mt: 2 }} role="alert">
                  {formError}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy || paid || !cart.length || detailsLoading}
                sx={{ mt: 2, minWidth: 200 }}
              >
                Place Order
              </Button>
              {detailsLoading ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                  Loading your saved details…
                </Typography>
              ) : null}
              <CheckoutStatus step={flow.step} onRetry={onRetry} />
            </Box>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
          <Paper
            variant="outlined"
            component="aside"
            aria-labelledby="checkout-summary-heading"
            sx={{ p: 3, position: { md: 'sticky' }, top: { md: 96 } }}
          >
            <Typography id="checkout-summary-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Order Summary
            </Typography>
            {cart.length ? (
              <>
                <OrderSummaryList cart={cart} billingState={billingState} breakdown />
                {booking.billed ? (
                  <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="billed-to">
                    Billed to {booking.billed.text}
                  </Typography>
                ) : null}
                {booking.fields.po_number ? (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="po-number">
                    PO number: {booking.fields.po_number}
                  </Typography>
                ) : null}
                <Link
                  component={RouterLink}
                  to="/cart"
                  variant="body2"
                  sx={{ display: 'inline-block', mt: 1.5 }}
                >
                  Edit cart
                </Link>
              </>
            ) : (
              <Typography color="text.secondary">
                {paid || flow.step.kind === 'cash-placed' ? 'Your order is placed.' : 'Your cart is empty. '}
                {paid || flow.step.kind === 'cash-placed' ? null : (
                  <Link component={RouterLink} to="/campaigns">
                    Browse campaigns
                  </Link>
                )}
              </Typography>
            )}
          </Paper>
        </Grid>
      </Grid>

      <SandboxPaymentDialog payment={sandboxPayment} onResult={flow.onSandboxResult} />
      <PaymentSuccessDialog
        open={paid}
        orderId={flow.step.kind === 'paid' ? flow.step.order.order_id : null}
      />
      <CashOrderDialog
        order={flow.step.kind === 'cash-placed' ? flow.step.order : null}
        payment={flow.step.kind === 'cash-placed' ? flow.step.payment : null}
      />
    </Container>
  );
}
