import { DeleteOutlined } from '@mui/icons-material';
import { Box, Chip, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { type CampaignProductEntry, formatRupees } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { BookingDateRange } from '../../../components/booking-date-range';
import { DEFAULT_PRODUCT_IMAGE } from '../../../components/product-card';
import type { DateRange } from '../../../lib/campaigns/campaign-draft';
import { dailyPriceText, sizeText } from '../../../lib/site-facts';

export interface PreviewProductRowProps {
  entry: CampaignProductEntry;
  /** The site's price as the campaign is booked (draftLinePrices). */
  price: number;
  /** undefined until every site has both dates and the check has answered. */
  available?: boolean;
  onDatesChange(range: DateRange): void;
  onDelete(): void;
}

/** One place of the customized campaign: badge, its own pickers, name, price and a delete button. */
export function PreviewProductRow({
  entry,
  price,
  available,
  onDatesChange,
  onDelete,
}: PreviewProductRowProps) {
  const { product } = entry;
  const size = sizeText(product.image_size);
  const image = product.images[0] || DEFAULT_PRODUCT_IMAGE;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '120px minmax(0, 1fr)' },
      }}
    >
      <Box
        component="img"
        src={image}
        alt={`Photo of ${product.name}`}
        loading="lazy"
        sx={{
          width: '100%',
          height: { xs: 160, sm: 96 },
          objectFit: 'cover',
          borderRadius: 1.5,
          bgcolor: 'grey.200',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            {available === undefined ? null : (
              <Chip
                size="small"
                label={available ? 'Available' : 'Unavailable'}
                sx={{
                  mb: 0.5,
                  fontWeight: 700,
                  color: '#fff',
                  bgcolor: available ? 'success.main' : 'error.main',
                }}
              />
            )}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              <Link
                component={RouterLink}
                to={`/customized-campaign/product/${product.id}`}
                underline="hover"
                color="inherit"
              >
                {product.name}
              </Link>
            </Typography>
            {product.product_id ? (
              <Typography variant="body2" color="text.secondary" data-testid="site-code">
                Site code {product.product_id}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {[size, dailyPriceText(product.price, product.booking_duration)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <Typography color="primary" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatRupees(price)}
            </Typography>
            <IconButton
              aria-label={`Remove ${product.name} from the campaign`}
              title="Remove from campaign"
              onClick={onDelete}
              color="error"
              size="small"
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        </Stack>
        <Box sx={{ mt: 1.5 }}>
          <BookingDateRange
            from={entry.from_date}
            to={entry.to_date}
            onChange={onDatesChange}
            unavailableDates={product.unavailable_dates}
            bookingDuration={product.booking_duration}
            context={`for ${product.name}`}
            showSummary
          />
        </Box>
      </Box>
    </Paper>
  );
}
