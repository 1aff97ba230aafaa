import { Alert, Box, Card, CardContent, Chip, Divider, Grid, Stack, Typography } from '@mui/material';
import { formatRupees, type OrderDetail, type OrderLineDetail, todayIst, toPaise } from '@ooh/shared';
import { LineAudience } from '../../../components/line-audience';
import { PriceBreakdownLines } from '../../../components/pricing/price-breakdown';
import { CancelOrderAction } from './cancel-order-action';
import { LineCreative } from './line-creative';
import { LineProofs } from './line-proofs';
import { LineTimeline } from './line-timeline';
import { formatLineDates, linePayoutWords, lineStatusLabel } from './order-format';

const STATUS_COLOR: Partial<Record<OrderLineDetail['status'], 'success' | 'error'>> = {
  creative_approved: 'success',
  posted: 'success',
  completed: 'success',
  creative_rejected: 'error',
  cancelled: 'error',
};

/** One line of the order page: the site, dates and price, its timeline, artwork, proofs and cancel action. */
export function OrderLineCard({ order, line }: { order: OrderDetail; line: OrderLineDetail }) {
  const titleId = `line-${line.id}-title`;
  // Whether the owner has been paid (only after the proof), where the line has a payout to wait for.
  const payout = linePayoutWords(line, todayIst());
  return (
    <Card component="article" aria-labelledby={titleId} data-testid={`order-line-${line.id}`}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {line.product.image ? (
            <Box
              component="img"
              src={line.product.image}
              alt=""
              loading="lazy"
              sx={{
                width: { xs: 72, sm: 112 },
                height: { xs: 54, sm: 84 },
                objectFit: 'cover',
                borderRadius: 1,
                flexShrink: 0,
                bgcolor: 'grey.100',
              }}
            />
          ) : null}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {line.product.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Site {line.product.code} · {line.product.address}, {line.product.city}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {formatLineDates(line.from_date, line.to_date)} · {line.days} {line.days === 1 ? 'day' : 'days'}{' '}
              · <strong>{formatRupees(line.price)}</strong>
            </Typography>
            {/* The audience as booked (decision 091), always with its source; never today's figure in its place. */}
            <LineAudience
              audience={line.audience_at_booking}
              days={line.days}
              costPaise={toPaise(line.price)}
              prefix="Audience as booked"
              missing={
                line.audience_recorded
                  ? 'No audience figure when booked, so no CPM'
                  : 'Audience figure not recorded at booking'
              }
            />
            {line.price_lines.length ? (
              <Box sx={{ maxWidth: 480 }}>
                <PriceBreakdownLines breakdown={{ lines: line.price_lines }} dense />
              </Box>
            ) : null}
            {payout ? (
              <Typography variant="body2" color="text.secondary" data-testid="line-payout" sx={{ mt: 0.5 }}>
                {payout}
              </Typography>
            ) : null}
            {line.campaign_name !== line.product.name ? (
              <Typography variant="caption" color="text.secondary">
                Campaign: {line.campaign_name}
              </Typography>
            ) : null}
          </Box>
          <Chip
            label={line.site_taken_down ? 'Site taken down' : lineStatusLabel(line.status)}
            color={line.site_taken_down ? 'warning' : (STATUS_COLOR[line.status] ?? 'default')}
            size="small"
            data-testid="line-status"
            sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
          />
        </Stack>
        {line.site_taken_down ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="line-site-taken-down">
            <strong>This site was taken down by our team.</strong> Your booking and your payment stand: we
            will contact you to keep it, move it to another site, or cancel it with a full refund.
          </Alert>
        ) : null}
        <Divider sx={{ my: 2 }} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Status
            </Typography>
            <LineTimeline line={line} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <LineCreative orderId={order.order_id} line={line} />
          </Grid>
        </Grid>
        <LineProofs line={line} />
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <CancelOrderAction order={order} lineIds={[line.id]} />
        </Box>
      </CardContent>
    </Card>
  );
}
