import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Container,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Grid,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { formatBookingPeriod } from '@ooh/shared';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { HoldForClientField, useHoldForClient } from '../../components/holds/hold-for-client';
import { OrderSummaryList } from '../../components/order-summary';
import { PlanFigures } from '../../components/plan-figures';
import { ApiError } from '../../lib/api-client';
import { useOptionalAuth } from '../../lib/auth/auth-context';
import {
  bookingItems,
  type CartArrivalState,
  type CartProblem,
  matchProblems,
  movedQuotes,
  undatedLines,
} from '../../lib/cart/cart-lines';
import { useCart } from '../../lib/cart/use-cart';
import { holdsBySite } from '../../lib/holds/hold-state';
import { useSiteHolds } from '../../lib/holds/holds-api';
import { cartStore, type StoredCampaign } from '../../lib/stores';
import { validateBooking } from './api/validate-booking';
import { CartItemCard } from './components/cart-item-card';
import { QuotationButton } from './components/quotation-button';

const TERMS_ERROR = 'Please accept the terms and conditions to proceed.';

/** A refused line still applies while its site keeps the refused dates in that campaign. */
const stillOpen = (cart: readonly StoredCampaign[], p: CartProblem) =>
  cart.some(
    (c) =>
      (p.campaignId === null || c.id === p.campaignId) &&
      c.products.some(
        (e) => e.product.id === p.product_id && e.from_date === p.from_date && e.to_date === p.to_date,
      ),
  );

/**
 * /cart, "My Cart" (docs/product-spec.md sections 2, 4 and 5): the cart's campaigns, the Order Summary with Total Payable,
 * the required terms checkbox and Proceed, which checks every site's dates with the server and goes on to
 * /user-details?from=cart. Refused sites are named and can be given new dates in place.
 */
export default function CartPage() {
  const { cart, remove, changeDates, products, applyQuotes: keepQuotes } = useCart();
  // Lines whose last known price (shown at once from the stored quote) the fresh answer changed.
  const [moved, setMoved] = useState<ReadonlyMap<string, number>>(new Map());
  const applyQuotes = useCallback(
    (...args: Parameters<typeof keepQuotes>) => {
      const [items, prices] = args;
      const changed = movedQuotes(cartStore.get(), items, prices);
      if (changed.size) setMoved((before) => new Map([...before, ...changed]));
      keepQuotes(...args);
    },
    [keepQuotes],
  );
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = (location.state ?? null) as CartArrivalState | null;
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [problems, setProblems] = useState<CartProblem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const problemsRef = useRef<HTMLDivElement>(null);
  const rechecked = useRef(false);
  // The signed-in buyer's billing state decides CGST + SGST or IGST; without it the GST is an estimate.
  const auth = useOptionalAuth();
  const billingState = auth?.currentUser?.state ?? null;
  // The live holds on the cart's sites for the signed-in buyer: each dated line's Hold, Renew or Release.
  const siteIds = useMemo(
    () => [...new Set(cart.flatMap((c) => c.products.map((e) => e.product.id)))].sort((a, b) => a - b),
    [cart],
  );
  const signedIn = auth?.isAuthenticated ?? false;
  const siteHolds = useSiteHolds(siteIds, signedIn);
  const lineHolds = useMemo(
    () =>
      !auth
        ? undefined
        : signedIn
          ? siteHolds.data
            ? holdsBySite(siteHolds.data.results)
            : undefined
          : holdsBySite([]),
    [auth, signedIn, siteHolds.data],
  );
  const holdFor = useHoldForClient();

  const open = useMemo(() => problems.filter((p) => stillOpen(cart, p)), [problems, cart]);
  const byCampaign = useMemo(() => {
    const map = new Map<number, Map<number, CartProblem>>();
    for (const p of open) {
      const key = p.campaignId ?? -1;
      if (!map.has(key)) map.set(key, new Map());
      map.get(key)?.set(p.product_id, p);
    }
    return map;
  }, [open]);

  /** Asks the server; true when every line can be booked. */
  const check = async (): Promise<boolean> => {
    const items = bookingItems(cart);
    const answer = await validateBooking(items);
    if (answer.status) {
      setProblems([]);
      if (answer.prices) applyQuotes(items, answer.prices, answer.price_lines);
      return true;
    }
    const refused = matchProblems(cart, answer.unavailable ?? []);
    setProblems(refused);
    if (!refused.length) setFormError('Some sites in your cart cannot be booked. Please check their dates.');
    requestAnimationFrame(() => problemsRef.current?.focus());
    return false;
  };

  // Back from checkout with taken sites: show which, with their pickers open (once, on arrival).
  const checkRef = useRef(check);
  checkRef.current = check;
  const recheck = Boolean(arrival?.recheck) && cart.length > 0 && undatedLines(cart).length === 0;
  useEffect(() => {
    if (!recheck || rechecked.current) return;
    rechecked.current = true;
    checkRef.current().catch(() => undefined);
  }, [recheck]);

  // The prices shown are the server's once every line has dates: a site's rate card, its seasons and its
  // owner's volume discount are the server's to apply (decision 081), and checkout sends this total.
  const dated = cart.length > 0 && undatedLines(cart).length === 0;
  const asked = dated ? JSON.stringify(bookingItems(cart)) : '';
  // While the server prices these dates, each unquoted line keeps the breakdown's place (no jump when it comes).
  const [pricing, setPricing] = useState('');
  useEffect(() => {
    if (!asked || recheck) return;
    const items = JSON.parse(asked) as ReturnType<typeof bookingItems>;
    setPricing(asked);
    validateBooking(items)
      .then((answer) => {
        if (answer.status && answer.prices) applyQuotes(items, answer.prices, answer.price_lines);
      })
      .catch(() => undefined)
      .finally(() => setPricing((current) => (current === asked ? '' : current)));
  }, [asked, recheck, applyQuotes]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setFormError(null);
    if (!terms) {
      setTermsError(true);
      termsRef.current?.focus();
      return;
    }
    const undated = undatedLines(cart);
    if (undated.length) {
      setFormError(
        `Please choose dates for ${undated.map((u) => `${u.productName} (${u.campaignName})`).join(', ')}.`,
      );
      return;
    }
    setLoading(true);
    try {
      if (await check()) navigate('/user-details?from=cart');
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'We could not check your cart. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        My Cart
      </Typography>
      {arrival?.notice ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {arrival.notice}
        </Alert>
      ) : null}

      {cart.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Cart Empty
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Your cart has no campaigns yet. Pick a ready-made campaign or build your own from our sites.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/campaigns" variant="contained">
              Browse campaigns
            </Button>
            <Button component={RouterLink} to="/customize" variant="outlined">
              Customize a campaign
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            {open.length ? (
              <Alert
                severity="error"
                sx={{ mb: 2 }}
                ref={problemsRef}
                tabIndex={-1}
                data-testid="cart-problems"
              >
                <Typography sx={{ fontWeight: 700 }}>
                  Some sites cannot be booked on the chosen dates:
                </Typography>
                {/* Names them only: each site's reason is said once, beside its dates below. */}
                <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
                  {open.map((p) => (
                    <li key={`${p.campaignId}-${p.product_id}-${p.from_date}`}>
                      {`${p.name ?? `Site ${p.product_id}`} (${formatBookingPeriod(p.from_date, p.to_date, { withDays: false })})`}
                      {p.campaignName ? ` in ${p.campaignName}` : ''}
                    </li>
                  ))}
                </Box>
                Choose new dates for them below, or open the campaign page to change them there.
              </Alert>
            ) : null}
            {holdFor.clients.length ? (
              <Box sx={{ mb: 2 }}>
                <HoldForClientField choice={holdFor} id="cart-hold-for" />
              </Box>
            ) : null}
            <Stack spacing={2}>
              {cart.map((c) => (
                <CartItemCard
                  key={c.id}
                  campaign={c}
                  problems={byCampaign.get(c.id) ?? byCampaign.get(-1) ?? new Map()}
                  products={products}
                  pricing={pricing !== '' && pricing === asked}
                  moved={moved}
                  lineHolds={lineHolds}
                  holdFor={holdFor}
                  onRemove={() => remove(c)}
                  onChangeDates={(productId, range) => changeDates(c.id, productId, range)}
                />
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper
              variant="outlined"
              component="form"
              noValidate
              onSubmit={onSubmit}
              aria-labelledby="order-summary-heading"
              sx={{ p: 3, position: { md: 'sticky' }, top: { md: 96 } }}
            >
              <Typography id="order-summary-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Order Summary
              </Typography>
              <OrderSummaryList cart={cart} billingState={billingState} />
              <Box sx={{ mt: 2 }}>
                <PlanFigures campaigns={cart.map((c) => c.products)} headingId="cart-figures-heading" />
              </Box>
              <FormControl required error={termsError} sx={{ mt: 2 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={terms}
                      onChange={(e) => {
                        setTerms(e.target.checked);
                        if (e.target.checked) setTermsError(false);
                      }}
                      slotProps={{
                        input: {
                          ref: termsRef,
                          required: true,
                          'aria-invalid': termsError || undefined,
                          'aria-describedby': termsError ? 'terms-error' : undefined,
                        } as React.InputHTMLAttributes<HTMLInputElement> & { ref: typeof termsRef },
                      }}
                    />
                  }
                  label={
                    <span>
                      I agree to the{' '}
                      <Link component={RouterLink} to="/terms-and-conditions">
                        Terms and Conditions
                      </Link>
                    </span>
                  }
                />
                {termsError ? <FormHelperText id="terms-error">{TERMS_ERROR}</FormHelperText> : null}
              </FormControl>
              {formError ? (
                <Alert severity="error" sx={{ mt: 2 }} role="alert">
                  {formError}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={loading}
                sx={{ mt: 2 }}
                startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {loading ? 'Checking your dates…' : 'Proceed'}
              </Button>
              <QuotationButton cart={cart} billingState={billingState} />
            </Paper>
          </Grid>
        </Grid>
      )}
    </Container>
  );
}
