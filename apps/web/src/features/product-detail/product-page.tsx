import { Box, Container, Grid } from '@mui/material';
import { Navigate, useLocation, useParams } from 'react-router';
import { ImageGallery } from '../../components/image-gallery';
import { LoadError } from '../../components/load-error';
import { isMissing, NotFound, parseId } from '../../components/not-found';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api-client';
import { signInPath } from '../../lib/auth/redirect-target';
import { useWorkingCampaign } from '../../lib/campaigns/use-working-campaign';
import { useProduct } from './api/get-product';
import { useProductAvailability } from './api/get-product-availability';
import { useProductPackages } from './api/get-product-packages';
import { AvailabilityCalendar } from './components/availability-calendar';
import { LocationBox } from './components/location-box';
import { ProductPackages } from './components/product-packages';
import { ProductSummary } from './components/product-summary';
import { SimilarSites } from './components/similar-sites';
import { SpecificationsBox } from './components/specifications-box';
import type { ProductPageMode } from './components/use-product-actions';

/**
 * One page for /product/{id}, /campaign/{campaignId}/product/{productId} and
 * /customized-campaign/product/{productId} (docs/product-spec.md section 2). An unknown site or campaign (or a site that is
 * not in the campaign it is opened from) says so, with the ways on; a load that failed otherwise can be retried.
 */
export default function ProductPage({ missing }: { missing?: boolean }) {
  const params = useParams();
  const location = useLocation();
  const productId = parseId(params.productId);
  const campaignId = params.campaignId === undefined ? null : parseId(params.campaignId);
  const mode: ProductPageMode =
    params.campaignId !== undefined
      ? 'campaign'
      : location.pathname.startsWith('/customized-campaign/')
        ? 'customized'
        : 'product';

  const product = useProduct(productId ?? 0);
  const calendar = useProductAvailability(productId ?? 0);
  const packages = useProductPackages(productId ?? 0);
  const working = useWorkingCampaign(campaignId ?? 0, mode === 'campaign' && campaignId !== null);

  if (mode === 'campaign' && (campaignId === null || isMissing(working.error))) {
    return <NotFound title="Campaign not found">There is no campaign at this address.</NotFound>;
  }
  const notInCampaign =
    mode === 'campaign' &&
    working.campaign &&
    !working.campaign.products.some((e) => e.product.id === productId);
  // `missing`: the server found no listed site here (its page answered 404); the browser's own load agrees.
  if (productId === null || isMissing(product.error) || notInCampaign || (missing && !product.data)) {
    return (
      <NotFound title="Site not found">
        {notInCampaign
          ? 'This site is not part of this campaign.'
          : 'There is no advertising site at this address. It may have been removed, or the link is mistyped.'}
      </NotFound>
    );
  }
  // A private campaign opened without signing in: sign in, then back here.
  if (working.error instanceof ApiError && working.error.status === 401) {
    const here = location.pathname + location.search;
    return <Navigate to={signInPath(here)} replace />;
  }
  const failed = product.isError ? product : working.isError ? working : null;
  if (failed) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <LoadError onRetry={() => void failed.refetch()}>
          We could not load this site. {(failed.error as Error).message}
        </LoadError>
      </Container>
    );
  }
  if (!product.data || (mode === 'campaign' && !working.campaign)) return <PageLoader />;
  const p = product.data;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ImageGallery images={p.images} alt={p.name} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {/* Keyed by site so moving between sites starts with that site's dates. */}
          <ProductSummary
            key={`${mode}-${campaignId}-${p.id}`}
            product={p}
            mode={mode}
            campaignId={campaignId}
          />
        </Grid>
        {/* Extra like the calendar: a failed load shows no package rather than no page. */}
        {packages.data?.results.length ? (
          <Grid size={12}>
            <ProductPackages productId={p.id} packages={packages.data.results} />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, md: 6 }}>
          <SpecificationsBox product={p} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LocationBox product={p} />
        </Grid>
        {/* The calendar is extra: a failed load leaves the page (and its date pickers) as it is. */}
        {calendar.data && calendar.data.days.length > 0 ? (
          <Grid size={12}>
            <AvailabilityCalendar
              days={calendar.data.days}
              bookingDuration={p.booking_duration}
              today={calendar.data.days[0].date}
            />
          </Grid>
        ) : null}
      </Grid>
      <Box sx={{ mt: 6 }}>
        <SimilarSites product={p} />
      </Box>
    </Container>
  );
}
