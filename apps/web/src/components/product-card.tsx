import { Add, LocationOnOutlined, Remove } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import {
  formatAudience,
  formatBookingPeriod,
  formatDayShort,
  formatRupees,
  type Product,
  parseBookingDuration,
  siteDailyCpm,
} from '@ooh/shared';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DateRange, hasProduct, rangeFitsSite, toggleProduct } from '../lib/campaigns/campaign-draft';
import { holdOnDates, holdUntilText, onHoldLabel } from '../lib/holds/hold-words';
import { useLocalStore } from '../lib/local-store';
import { minimumBookingText } from '../lib/site-facts';
import { customizedCampaignStore } from '../lib/stores';
import { useNotify } from './notify';

export const DEFAULT_PRODUCT_IMAGE = '/media/placeholder.svg';

export interface ProductCardProps {
  product: Product;
  /**
   * Available/Unavailable badge; undefined (no dates or no answer yet) shows no badge. A hold on `dates`
   * shows "On hold until ..." instead of Unavailable (or of no answer yet), "Held by you until ..." to its
   * signed-in holder.
   */
  available?: boolean;
  /**
   * The signed-in buyer's own live holds, id to end (lib/holds/holds-api.ts `useOwnHolds`, read once by the
   * list, not by each card): their hold on `dates` says "Held by you until ...".
   */
  ownHolds?: ReadonlyMap<number, string>;
  /** Where the name leads; the customize page's default is the product within a customized campaign. */
  href?: string;
  /** Dates an added site takes (the page's chosen dates, when both are set). */
  dates?: DateRange;
  /** Heading level of the name, so pages keep their headings in order. */
  headingComponent?: 'h2' | 'h3' | 'h4';
  /**
   * The page's largest paint (a city page's first card): fetched at once and first. Other photos load as
   * they near the view, so they do not compete with it (city page Lighthouse LCP 2.9 -> 2.7 s).
   */
  priority?: boolean;
  /**
   * Say where an added site went (the customized campaign) and how to reach it: on pages other than
   * /customize, whose header already counts the campaign's sites.
   */
  announceAdd?: boolean;
  /** Also the site's CPM for a day (its daily price over its daily impressions): a list sorted by CPM. */
  showCpm?: boolean;
}

/**
 * A site as a card (docs/product-spec.md section 2): its first image (cropped to the card), the availability badge, name,
 * address, daily price in rupees and the Add/Remove toggle of the customized campaign.
 *
 * Memoised: a list page renders again for reasons of its own (a fetch of its list starting or ending, the
 * address read after hydration), and its unchanged cards were most of such a render, in one synchronous
 * piece. The card still follows the campaign it adds to (its own store). `dates` compares by its days, so a
 * page may pass a new object for the same dates; a prop added here must be added to the comparison.
 */
export const ProductCard = memo(
  ProductCardView,
  (a, b) =>
    a.product === b.product &&
    a.available === b.available &&
    a.href === b.href &&
    a.headingComponent === b.headingComponent &&
    a.priority === b.priority &&
    a.announceAdd === b.announceAdd &&
    a.showCpm === b.showCpm &&
    a.dates?.from_date === b.dates?.from_date &&
    a.dates?.to_date === b.dates?.to_date &&
    a.ownHolds === b.ownHolds,
);

const NO_HOLDS: ReadonlyMap<number, string> = new Map();

function ProductCardView({
  product,
  available,
  ownHolds = NO_HOLDS,
  href,
  dates,
  headingComponent = 'h3',
  priority = false,
  announceAdd = false,
  showCpm = false,
}: ProductCardProps) {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  const { notify } = useNotify();
  const added = hasProduct(draft, product.id);

  // A site offered on nearby dates ("Flexible with Date") takes those dates rather than the asked ones.
  const free = product.free_from && product.free_to ? { from: product.free_from, to: product.free_to } : null;
  const takes = free ? { from_date: free.from, to_date: free.to } : dates;
  // Moved, or made longer to the site's own minimum booking (issue 48): either way not the dates asked.
  const moved = free && dates?.from_date && (free.from !== dates.from_date || free.to !== dates.to_date);
  const toggle = () => {
    setDraft((d) => toggleProduct(d, product, takes));
    // The page's dates do not suit every site; say so rather than leave the user wondering in the preview.
    if (!added && takes?.from_date && takes.to_date && !rangeFitsSite(product, takes)) {
      notify(
        `${product.name} needs at least ${parseBookingDuration(product.booking_duration)} days on free dates: choose its dates in the preview.`,
        'info',
      );
    } else if (!added && announceAdd) {
      notify(
        `${product.name} was added to your customized campaign. Open "Your campaign" above the list to review it and place the order.`,
        'success',
      );
    }
  };
  // Another buyer's hold on the dates asked (decision 084): "On hold until ..." rather than a bare
  // Unavailable, since the dates may come free; a flexible search then offers nearby ones below.
  // The holder's own hold says so (decision 082): which holds are theirs comes from their private read of
  // their holds (lib/holds/holds-api.ts), the product's holds from the public answer, which never names one.
  const range = dates ?? {};
  const own = product.holds?.find((h) => ownHolds.has(h.id) && holdOnDates({ holds: [h] }, range));
  const ownEnd = own ? ownHolds.get(own.id) : undefined;
  const held = holdOnDates(product, range);
  const badge =
    ownEnd && available !== true
      ? {
          label: `Held by you until ${holdUntilText({ until: ownEnd })}`,
          color: 'success.dark',
          testId: 'held-by-you',
        }
      : held && available !== true
        ? { label: onHoldLabel(held), color: 'warning.dark', testId: 'on-hold' }
        : available === undefined
          ? null
          : available
            ? { label: 'Available', color: 'success.main', testId: undefined }
            : { label: 'Unavailable', color: 'error.main', testId: undefined };
  const image = product.images[0] || DEFAULT_PRODUCT_IMAGE;
  const cpm = showCpm ? siteDailyCpm(product) : null;
  const link = href ?? `/customized-campaign/product/${product.id}`;

  return (
    <Card
      component="article"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      aria-label={product.name}
    >
      <Box sx={{ position: 'relative', height: 180, backgroundColor: 'grey.200' }}>
        <Box
          component="img"
          src={encodeURI(image)}
          alt={`Photo of ${product.name}`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {badge ? (
          <Chip
            label={badge.label}
            size="small"
            data-testid={badge.testId}
            sx={{
              position: 'absolute',
              top: 10,
              left: 10,
              maxWidth: 'calc(100% - 20px)',
              fontWeight: 700,
              color: '#fff',
              bgcolor: badge.color,
            }}
          />
        ) : null}
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Typography
          variant="subtitle1"
          component={headingComponent}
          sx={{ fontWeight: 700, lineHeight: 1.3 }}
        >
          <Link component={RouterLink} to={link} underline="hover" color="inherit">
            {product.name}
          </Link>
        </Typography>
        {/* Names repeat across sites: the code tells them apart. */}
        <Typography variant="caption" color="text.secondary" data-testid="site-code" sx={{ mt: -0.5 }}>
          Site code {product.product_id}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ color: 'text.secondary', alignItems: 'flex-start' }}>
          <LocationOnOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <Typography variant="body2">{product.address}</Typography>
        </Stack>
        {free ? (
          <Typography
            variant="body2"
            sx={{ color: moved ? 'warning.dark' : 'success.dark', fontWeight: 600 }}
            data-testid="free-dates"
          >
            {!moved
              ? 'Free: '
              : free.from === dates?.from_date
                ? 'Free for its minimum booking: '
                : 'Free on nearby dates: '}
            {formatBookingPeriod(free.from, free.to)}
          </Typography>
        ) : product.free_from ? (
          // Without dates asked: when a booking of the site's minimum length can first start (issue 48).
          <Typography variant="body2" color="text.secondary" data-testid="free-from">
            Free from {formatDayShort(product.free_from)}
          </Typography>
        ) : null}
        {/* The audience only with its source (decision 080); without a figure, nothing rather than "0". */}
        {product.audience ? (
          <Typography variant="body2" color="text.secondary" data-testid="audience">
            {formatAudience(product.audience)}
            {cpm === null ? null : (
              <Box component="span" sx={{ display: 'block', color: 'text.primary', fontWeight: 600 }}>
                CPM {formatRupees(cpm)} per 1,000 a day
              </Box>
            )}
          </Typography>
        ) : showCpm ? (
          <Typography variant="body2" color="text.secondary" data-testid="audience">
            No audience figure, so no CPM
          </Typography>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Stack
          direction="row"
          spacing={1}
          sx={{ pt: 1, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Box>
            <Typography color="primary" sx={{ fontWeight: 700 }}>
              {formatRupees(product.price)}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                / day
              </Typography>
            </Typography>
            {/* The minimum booking beside the price: it decides what the site costs (docs/product-rules.md section 3a). */}
            <Typography variant="body2" color="text.secondary" data-testid="minimum-booking">
              {minimumBookingText(product.booking_duration)}
            </Typography>
          </Box>
          <Button
            size="small"
            variant={added ? 'outlined' : 'contained'}
            color={added ? 'error' : 'primary'}
            startIcon={added ? <Remove /> : <Add />}
            aria-label={`${added ? 'Remove' : 'Add'} ${product.name} ${added ? 'from' : 'to'} your campaign`}
            onClick={toggle}
          >
            {added ? 'Remove' : 'Add'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
