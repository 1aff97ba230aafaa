import { Alert, Box, Card, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import { type CampaignProductEntry, formatRupees } from '@ooh/shared';
import { Link as RouterLink, useActionData } from 'react-router';
import { BookingDateRange } from '../../../components/booking-date-range';
import {
  type HoldForClient,
  HoldForClientField,
  useHoldForClient,
} from '../../../components/holds/hold-for-client';
import { PlaceHold } from '../../../components/holds/place-hold';
import { SiteLocations } from '../../../components/site-locations';
import { useAuth } from '../../../lib/auth/auth-context';
import type { DateRangeValue } from '../../../lib/campaigns/campaign-store-ops';
import { entryPricesRupees } from '../../../lib/campaigns/campaign-store-ops';
import type { HoldOutcome } from '../../../lib/holds/hold-action';
import { holdsBySite, type LineHoldState, lineHoldState } from '../../../lib/holds/hold-state';
import { useSiteHolds } from '../../../lib/holds/holds-api';
import { dailyPriceText, sizeText } from '../../../lib/site-facts';

export interface CampaignPlacesProps {
  campaignId: number;
  campaignName: string;
  products: CampaignProductEntry[];
  /** Availability per product id, once every site has both dates. */
  statuses: ReadonlyMap<number, boolean> | null;
  onPlaceRange(productId: number, range: DateRangeValue): void;
}

/**
 * Location Details: the sites' positions from their coordinates and "Places in this campaign", each with its
 * own dates (docs/product-spec.md section 2) and, signed in, its hold (decision 082): the live holds on the
 * campaign's sites come from the caller's private read (GET /api/holds/sites, in the loader's cache when the
 * page was rendered signed in), never from the public campaign answer.
 */
export function CampaignPlaces(props: CampaignPlacesProps) {
  const prices = entryPricesRupees(props.products);
  const { isAuthenticated } = useAuth();
  const holds = useSiteHolds(
    props.products.map((e) => e.product.id),
    isAuthenticated,
  );
  const bySite = holdsBySite(holds.data?.results ?? []);
  // A hold's button sent before the scripts ran (or with them off): the route action's outcome.
  const sentNatively = useActionData<HoldOutcome>();
  // "Hold for" (decision 092): an agency planner's holds from these lines are for the client chosen here.
  const holdFor = useHoldForClient();
  return (
    <Box component="section" aria-labelledby="location-details-heading">
      <Typography id="location-details-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Location Details
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <SiteLocations sites={props.products.map((e) => e.product)} height={320} />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
            Places in this campaign
          </Typography>
          {sentNatively ? (
            <Alert severity={sentNatively.ok ? 'success' : 'error'} role="status" sx={{ mb: 2 }}>
              {sentNatively.message}
            </Alert>
          ) : null}
          {holdFor.clients.length ? (
            <Box sx={{ mb: 2 }}>
              <HoldForClientField choice={holdFor} id="campaign-hold-for" />
            </Box>
          ) : null}
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {props.products.map((entry, i) => (
              <PlaceRow
                key={entry.product.id}
                index={i + 1}
                campaignId={props.campaignId}
                entry={entry}
                price={prices[i]}
                status={props.statuses?.get(entry.product.id)}
                hold={
                  // Signed out there is nothing to say about holds, nor a read to wait for.
                  isAuthenticated && holds.data
                    ? lineHoldState(bySite.get(entry.product.id), entry.from_date, entry.to_date)
                    : isAuthenticated
                      ? null
                      : lineHoldState(undefined, entry.from_date, entry.to_date)
                }
                holdFor={holdFor}
                onRange={(range) => props.onPlaceRange(entry.product.id, range)}
              />
            ))}
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}

function PlaceRow(props: {
  index: number;
  campaignId: number;
  entry: CampaignProductEntry;
  /** The entry's price as the campaign is booked. */
  price: number;
  status: boolean | undefined;
  /** Its dates among the live holds on the site (null: no dates, or not known yet). */
  hold: LineHoldState | null;
  holdFor: HoldForClient;
  onRange(range: DateRangeValue): void;
}) {
  const { entry } = props;
  const p = entry.product;
  const size = sizeText(p.image_size);
  return (
    <Card component="li" data-testid={`place-${p.id}`} aria-label={p.name}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box
            component="img"
            src={p.images[0] ?? '/favicon.png'}
            alt=""
            // The list starts below the gallery: its pictures load as they come near the screen.
            loading="lazy"
            sx={{
              width: { xs: '100%', sm: 120 },
              height: 90,
              objectFit: 'cover',
              borderRadius: 1,
              bgcolor: 'grey.200',
            }}
          />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography component="span" variant="body2" color="text.secondary" aria-hidden>
                {props.index}.
              </Typography>
              <Link
                component={RouterLink}
                to={`/campaign/${props.campaignId}/product/${p.id}`}
                underline="hover"
                sx={{ fontWeight: 700 }}
              >
                {p.name}
              </Link>
              {/* The buyer's own hold takes the dates from the availability check too: not "Unavailable". */}
              {props.status === undefined || props.hold?.kind === 'mine' ? null : (
                <Chip
                  size="small"
                  label={props.status ? 'Available' : 'Unavailable'}
                  color={props.status ? 'success' : 'error'}
                  sx={{ fontWeight: 700 }}
                />
              )}
            </Stack>
            {p.product_id ? (
              <Typography variant="body2" color="text.secondary" data-testid="site-code">
                Site code {p.product_id}
              </Typography>
            ) : null}
            {size ? (
              <Typography variant="body2" color="text.secondary">
                {size}
              </Typography>
            ) : null}
            <Typography sx={{ fontWeight: 700, mb: 1.5 }}>
              {formatRupees(props.price)}
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${dailyPriceText(p.price, p.booking_duration)})`}
              </Typography>
            </Typography>
            <BookingDateRange
              from={entry.from_date}
              to={entry.to_date}
              onChange={props.onRange}
              unavailableDates={p.unavailable_dates}
              bookingDuration={p.booking_duration}
              context={`for ${p.name}`}
              clearOnError={false}
              showSummary
            />
            <PlaceHold
              product={p}
              from={entry.from_date}
              to={entry.to_date}
              state={props.hold}
              unavailable={props.status === false}
              holdFor={props.holdFor}
            />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
