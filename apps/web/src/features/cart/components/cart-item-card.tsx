import { DeleteOutlined, ExpandMore } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Collapse, Link, Stack, Typography } from '@mui/material';
import {
  daysBetween,
  describeRange,
  formatBookingPeriod,
  formatRupees,
  type IsoDate,
  type Product,
  toPaise,
  toRupees,
} from '@ooh/shared';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BookingDateRange } from '../../../components/booking-date-range';
import type { HoldForClient } from '../../../components/holds/hold-for-client';
import { LineAudience } from '../../../components/line-audience';
import { PriceBreakdownLines, PriceBreakdownPending } from '../../../components/pricing/price-breakdown';
import {
  type CartProblem,
  campaignPricePaise,
  campaignSpan,
  entryPricesPaise,
  isDated,
  lineKey,
  quotedLines,
} from '../../../lib/cart/cart-lines';
import { lineHoldState, type SiteHoldsBySite } from '../../../lib/holds/hold-state';
import { dailyPriceText, sizeText } from '../../../lib/site-facts';
import type { StoredCampaign } from '../../../lib/stores';

/**
 * The line's hold controls load when a campaign's sites are opened (they are folded until then), so the
 * cart's first load carries none of their code; the line's state is read without them (lib/holds).
 */
const PlaceHold = lazy(() =>
  import('../../../components/holds/place-hold').then((m) => ({ default: m.PlaceHold })),
);

/** What the buyer can do about a refused line. */
export function problemAdvice(problem: Pick<CartProblem, 'reason'>): string {
  // Another buyer's hold (decision 084): the server's words already say to ask for the dates or move them.
  if (problem.reason === 'on_hold') return '';
  return problem.reason === 'not_found' ||
    problem.reason === 'not_listed' ||
    problem.reason === 'campaign_not_found'
    ? 'Please remove this campaign from your cart.'
    : 'Please choose other dates.';
}

export interface CartItemCardProps {
  campaign: StoredCampaign;
  /** Refused lines of this campaign (from the last check), by product id. */
  problems: ReadonlyMap<number, CartProblem>;
  /** Current catalogue facts, for the pickers' unavailable dates. */
  products: ReadonlyMap<number, Product> | undefined;
  /** The server is pricing the cart's dates: an unquoted dated line keeps its breakdown's place meanwhile. */
  pricing?: boolean;
  /** Lines (by lineKey) whose stored price the server's fresh answer changed, with the price shown before. */
  moved?: ReadonlyMap<string, number>;
  /**
   * The signed-in buyer's view of the live holds on the cart's sites, by site (decision 082: Hold, Renew and
   * Release on each dated line); undefined while not known, or where the page has no sign-in at all.
   */
  lineHolds?: SiteHoldsBySite;
  holdFor?: HoldForClient;
  onRemove(): void;
  onChangeDates(productId: number, range: { from_date: IsoDate | null; to_date: IsoDate | null }): void;
}

/**
 * One campaign of the cart (docs/product-spec.md section 2, Cart page): name, price, size text, duration in days and Remove,
 * plus its sites with their dates. A site the last check refused opens with date pickers, so the buyer can
 * move it to free dates here.
 */
export function CartItemCard({
  campaign,
  problems,
  products,
  pricing = false,
  moved,
  lineHolds,
  holdFor,
  onRemove,
  onChangeDates,
}: CartItemCardProps) {
  const span = campaignSpan(campaign);
  // A duration is a line's own: when the sites run on different dates, the card gives the campaign's first
  // and last day and each site its own duration (38 days is no site's duration for lines of 30 and 15).
  const sameDates = campaign.products.every(
    (e) => e.from_date === campaign.products[0]?.from_date && e.to_date === campaign.products[0]?.to_date,
  );
  const linePrices = entryPricesPaise(campaign);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<ReadonlySet<number>>(new Set());
  const hasProblem = campaign.products.some((e) => problems.has(e.product.id) || !isDated(e));
  const showSites = open || hasProblem;
  const headingId = `cart-item-${campaign.id}`;
  const image = campaign.images?.[0] ?? campaign.products[0]?.product.images[0];

  const toggleEdit = (productId: number) =>
    setEditing((s) => {
      const next = new Set(s);
      if (next.has(productId)) next.delete(productId);
      else next.add(productId);
      return next;
    });

  return (
    <Card component="article" aria-labelledby={headingId} data-testid="cart-item">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {image ? (
            <Box
              component="img"
              src={image}
              alt=""
              sx={{
                width: { xs: '100%', sm: 140 },
                height: 100,
                objectFit: 'cover',
                borderRadius: 1,
                flexShrink: 0,
              }}
            />
          ) : null}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {/* On a phone the price goes under the name: beside it, a long site name was squeezed to a word a line. */}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0.5, sm: 1 }}
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
            >
              <Typography
                id={headingId}
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.1rem', sm: undefined }, lineHeight: 1.35 }}
              >
                <Link
                  component={RouterLink}
                  to={`/campaign/${campaign.id}`}
                  underline="hover"
                  color="inherit"
                >
                  {campaign.name}
                </Link>
              </Typography>
              <Typography
                variant="h6"
                component="p"
                sx={{ whiteSpace: 'nowrap' }}
                data-testid="cart-item-price"
              >
                {formatRupees(toRupees(campaignPricePaise(campaign)))}
              </Typography>
            </Stack>
            {/* A size only from the site's own data (docs/product-rules.md section 3a): a one-site campaign shows it here. */}
            {campaign.products.length === 1 && sizeText(campaign.products[0].product.image_size) ? (
              <Typography variant="body2" color="text.secondary" data-testid="cart-item-size">
                {sizeText(campaign.products[0].product.image_size)}
              </Typography>
            ) : null}
            <Typography variant="body2" data-testid="cart-item-duration">
              {!span
                ? 'Duration: Dates Not Selected'
                : sameDates
                  ? `Duration: ${describeRange(span.from, span.to)}`
                  : `Dates: ${formatBookingPeriod(span.from, span.to, { withDays: false })}, each site for its own duration`}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                onClick={() => setOpen((o) => !o)}
                disabled={hasProblem}
                aria-expanded={showSites}
                // One icon turned over, rather than a second icon's code on the cart's first load.
                endIcon={<ExpandMore sx={showSites ? { transform: 'rotate(180deg)' } : undefined} />}
              >
                {`${campaign.products.length} ${campaign.products.length === 1 ? 'site' : 'sites'}`}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={onRemove}
                aria-label={`Remove ${campaign.name} from cart`}
              >
                Remove
              </Button>
            </Stack>
          </Box>
        </Stack>

        <Collapse in={showSites} unmountOnExit>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {campaign.products.map((entry, index) => {
              const id = entry.product.id;
              const problem = problems.get(id);
              const picking = Boolean(problem) || !isDated(entry) || editing.has(id);
              const fresh = products?.get(id);
              return (
                <Box
                  component="li"
                  key={id}
                  data-testid={`cart-site-${id}`}
                  sx={{ py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
                >
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {entry.product.name}
                      </Typography>
                      {entry.product.product_id ? (
                        <Typography variant="body2" color="text.secondary" data-testid="site-code">
                          Site code {entry.product.product_id}
                        </Typography>
                      ) : null}
                      <Typography variant="body2" color="text.secondary" data-testid="cart-line-duration">
                        Duration: {describeRange(entry.from_date, entry.to_date)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[
                          sizeText(entry.product.image_size),
                          dailyPriceText(entry.product.price, entry.product.booking_duration),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </Box>
                    <Typography sx={{ whiteSpace: 'nowrap' }}>
                      {formatRupees(toRupees(linePrices[index]))}
                    </Typography>
                  </Stack>
                  <LineAudience
                    audience={entry.product.audience}
                    days={
                      entry.from_date && entry.to_date ? daysBetween(entry.from_date, entry.to_date) : null
                    }
                    costPaise={linePrices[index]}
                  />
                  <PriceUpdated
                    was={moved?.get(lineKey(campaign.id, id, entry.from_date, entry.to_date))}
                    nowPaise={linePrices[index]}
                  />
                  {quotedLines(entry) ? (
                    <PriceBreakdownLines breakdown={{ lines: quotedLines(entry) ?? [] }} dense />
                  ) : pricing && isDated(entry) ? (
                    <PriceBreakdownPending />
                  ) : null}
                  {problem ? (
                    <Alert
                      severity={problem.reason === 'on_hold' ? 'warning' : 'error'}
                      sx={{ mt: 1 }}
                      data-testid={problem.reason === 'on_hold' ? 'cart-line-on-hold' : undefined}
                    >
                      {problem.message} {problemAdvice(problem)}
                      {problem.reason === 'on_hold' ? (
                        <Link component={RouterLink} to={`/product/${id}`} sx={{ display: 'block', mt: 0.5 }}>
                          Open {entry.product.name} to ask for these dates
                        </Link>
                      ) : null}
                    </Alert>
                  ) : null}
                  {lineHolds && !problem ? (
                    <LineHold
                      product={entry.product}
                      from={entry.from_date}
                      to={entry.to_date}
                      holds={lineHolds}
                      holdFor={holdFor}
                    />
                  ) : null}
                  {picking ? (
                    <Box sx={{ mt: 1.5 }}>
                      <BookingDateRange
                        from={entry.from_date}
                        to={entry.to_date}
                        onChange={(range) => onChangeDates(id, range)}
                        unavailableDates={fresh?.unavailable_dates ?? entry.product.unavailable_dates}
                        bookingDuration={fresh?.booking_duration ?? entry.product.booking_duration}
                        context={`for ${entry.product.name}`}
                        // Taken dates stay visible until new ones are picked, rather than vanishing.
                        clearOnError={false}
                      />
                    </Box>
                  ) : null}
                  {!problem && isDated(entry) ? (
                    <Button
                      size="small"
                      sx={{ mt: 0.5, px: 0 }}
                      onClick={() => toggleEdit(id)}
                      aria-label={`${editing.has(id) ? 'Done changing dates' : 'Change dates'} for ${entry.product.name}`}
                    >
                      {editing.has(id) ? 'Done' : 'Change dates'}
                    </Button>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}

/**
 * A dated line's hold: the buyer's own (Renew, Release) or Hold these dates. Another buyer's hold is said by
 * the line's check (`on_hold`, with the way to ask), so it is not said twice.
 */
function LineHold(props: {
  product: { id: number; name: string };
  from: string | null;
  to: string | null;
  holds: SiteHoldsBySite;
  holdFor?: HoldForClient;
}) {
  const state = lineHoldState(props.holds.get(props.product.id), props.from, props.to);
  if (!state || state.kind === 'other') return null;
  return (
    <Suspense fallback={null}>
      <PlaceHold
        product={props.product}
        from={props.from}
        to={props.to}
        state={state}
        unavailable={false}
        holdFor={props.holdFor}
      />
    </Suspense>
  );
}

/**
 * The line's price moved since the last visit: the stored quote was shown at once, and the server's fresh
 * answer differs (an owner changed a rate, a rule or a package meanwhile), so the buyer is told.
 */
function PriceUpdated({ was, nowPaise }: { was: number | undefined; nowPaise: number }) {
  if (was === undefined || toPaise(was) === nowPaise) return null;
  return (
    <Typography
      variant="caption"
      component="p"
      color="warning.dark"
      sx={{ m: 0 }}
      data-testid="price-updated"
    >
      Price updated: {formatRupees(toRupees(nowPaise))} (was {formatRupees(was)})
    </Typography>
  );
}
