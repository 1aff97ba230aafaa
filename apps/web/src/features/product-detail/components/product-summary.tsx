import { AddShoppingCart, RemoveShoppingCart, Save, ShoppingBag } from '@mui/icons-material';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatRupees, linePricePaise, type Product, parseBookingDuration, toRupees } from '@ooh/shared';
import { BookingDateRange } from '../../../components/booking-date-range';
import { useAvailability } from '../../../lib/campaigns/check-availability';
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
  const total = actions.hasDates
    ? toRupees(linePricePaise({ price: product.price, booking_duration: product.booking_duration, ...range }))
    : null;

  return (
    <Stack spacing={2}>
      {status === undefined ? null : (
        <Box>
          <Chip
            label={status ? 'Available for your dates' : 'Not available for your dates'}
            color={status ? 'success' : 'error'}
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
          Minimum booking: {parseBookingDuration(product.booking_duration)} days (
          {formatRupees(
            toRupees(linePricePaise({ price: product.price, booking_duration: product.booking_duration })),
          )}
          )
        </Typography>
        {total !== null ? (
          <Typography data-testid="product-total" sx={{ mt: 0.5 }}>
            Total for your dates: <strong>{formatRupees(total)}</strong>
          </Typography>
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
          onClick={actions.toggleCart}
          disabled={actions.buying}
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
    </Stack>
  );
}
