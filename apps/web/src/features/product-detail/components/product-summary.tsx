import { AddShoppingCart, RemoveShoppingCart, Save, ShoppingBag } from '@mui/icons-material';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  formatAudience,
  formatRupees,
  minimumBookingPaise,
  type Product,
  rateCardFromRupees,
  siteDailyCpm,
  toRupees,
} from '@ooh/shared';
import { BookingDateRange } from '../../../components/booking-date-range';
import { PriceBreakdownLines } from '../../../components/pricing/price-breakdown';
import { useAvailability } from '../../../lib/campaigns/check-availability';
import { usePrice } from '../api/get-price';
import { HoldControls, holdOnDates, onHoldLabel } from './hold-controls';
import { SiteDescription } from './site-description';
import { type ProductPageMode, useProductActions } from './use-product-actions';

/** Badge, name, description, prices, the date pickers and the buttons of a product page. */
export function ProductSummary(props: {
  product: Product;
  mode: ProductPageMode;
  campaignId: number | null;
}) {
  const { product, mode } = props;
  const actions = useProductActions(mode, product, props.campaignId);
  const { range } = actions;
  const availability = useAvailability(
    range.from_date && range.to_date
      ? [{ product_id: product.id, from_date: range.from_date, to_date: range.to_date }]
      : null,
  );
  // Only dates can be available (issue 48): without them the badge says nothing, and the calendar below
  // shows which days are free; with dates, the server's answer counts once it is in.
  const status = availability.data?.find((r) => r.product_id === product.id)?.status;
  // Taken by a buyer's hold rather than a booking: say until when (decision 082).
  const held = status === false ? holdOnDates(product, range) : undefined;
  // The server prices the dates by the site's rate card and its owner's rules, as booking will charge them.
  const price = usePrice(
    product.id,
    actions.hasDates ? range.from_date : null,
    actions.hasDates ? range.to_date : null,
  );
  const breakdown = actions.hasDates ? price.data : undefined;

  return (
    <Stack spacing={2}>
      {status === undefined ? null : (
        <Box>
          <Chip
            label={
              status ? 'Available for your dates' : held ? onHoldLabel(held) : 'Not available for your dates'
            }
            color={status ? 'success' : held ? 'warning' : 'error'}
            size="small"
            sx={{ fontWeight: 700 }}
            data-testid="availability-badge"
          />
        </Box>
      )}
      <Typography variant="h4" component="h1">
        {product.name}
      </Typography>
      <SiteDescription text={product.description} />
      <Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
          {formatRupees(product.price)}
          <Typography component="span" color="text.secondary">
            {' '}
            per day
          </Typography>
        </Typography>
        <Typography color="text.secondary" data-testid="minimum-booking">
          Minimum booking: {product.minimum_days} days (
          {formatRupees(
            toRupees(minimumBookingPaise(rateCardFromRupees(product.rates), product.minimum_days)),
          )}
          )
        </Typography>
        <RatesLine product={product} />
        {/* Decisions 080 and 089: the audience beside the price, with its source, and the CPM it makes. */}
        <Typography variant="body2" color="text.secondary" data-testid="product-audience">
          {audienceLine(product)}
        </Typography>
        {actions.hasDates ? (
          <Box aria-live="polite" sx={{ mt: 0.5 }}>
            {breakdown ? (
              <>
                <Typography data-testid="product-total">
                  Total for your dates: <strong>{formatRupees(breakdown.total)}</strong>
                  <Typography component="span" color="text.secondary">
                    {' '}
                    before GST
                  </Typography>
                </Typography>
                <PriceBreakdownLines breakdown={breakdown} />
              </>
            ) : price.isError ? (
              <Typography color="error" variant="body2">
                {price.error instanceof Error
                  ? price.error.message
                  : 'The price for these dates is not available.'}
              </Typography>
            ) : (
              <Typography color="text.secondary" variant="body2">
                Working out the price for your dates…
              </Typography>
            )}
          </Box>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby="booking-dates-heading">
        <Typography
          id="booking-dates-heading"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, mb: 1 }}
        >
          Select your Booking Dates
        </Typography>
        <BookingDateRange
          from={range.from_date}
          to={range.to_date}
          onChange={actions.setRange}
          unavailableDates={product.unavailable_dates}
          bookingDuration={product.booking_duration}
          showSummary
        />
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mode === 'customized' ? (
          <Button variant="outlined" startIcon={<Save />} onClick={actions.save}>
            Save
          </Button>
        ) : null}
        <Button
          variant={actions.inCart ? 'outlined' : 'contained'}
          color="primary"
          startIcon={actions.inCart ? <RemoveShoppingCart /> : <AddShoppingCart />}
          // Not disabled while the site's campaign is created: a disabled button drops the keyboard's focus to the
          // page body (issue 45). A second click meanwhile is ignored (`exclusive`), and the button stays, its
          // words turned to "Remove from cart", so the focus stays on it.
          onClick={actions.toggleCart}
          aria-busy={actions.buying || undefined}
        >
          {actions.inCart ? 'Remove from cart' : 'Add to cart'}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<ShoppingBag />}
          onClick={actions.buyNow}
          loading={actions.buying}
        >
          Buy now
        </Button>
      </Stack>
      <HoldControls product={product} range={range} />
    </Stack>
  );
}

/** "Audience: 1.9 lakh/day · modelled, Nov 2026 · CPM a day ₹86.84 per 1,000 (before GST)". */
function audienceLine(product: Product): string {
  if (!product.audience) return 'No audience figure, so no CPM';
  const cpm = siteDailyCpm(product);
  const cpmText = cpm === null ? '' : ` · CPM a day ${formatRupees(cpm)} per 1,000 (before GST)`;
  return `Audience: ${formatAudience(product.audience)}${cpmText}`;
}

/** The rate card's longer-booking rates, when the owner has set them (per day, as the card states them). */
function RatesLine({ product }: { product: Product }) {
  const { weekly, four_weekly } = product.rates;
  if (weekly == null && four_weekly == null) return null;
  const parts = [
    weekly != null ? `${formatRupees(weekly)} a day from 7 days` : null,
    four_weekly != null ? `${formatRupees(four_weekly)} a day from 28 days` : null,
  ].filter(Boolean);
  return (
    <Typography color="text.secondary" data-testid="rate-card">
      Longer bookings: {parts.join(' · ')}
    </Typography>
  );
}
