import { Box, Container, Grid } from '@mui/material';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ImageGallery } from '../../components/image-gallery';
import { PageLoader } from '../../components/page-loader';
import { Testimonials } from '../../components/testimonials';
import { useWorkingCampaign } from '../campaigns/api/use-working-campaign';
import { useProduct } from './api/get-product';
import { LocationBox } from './components/location-box';
import { ProductSummary } from './components/product-summary';
import { SimilarSites } from './components/similar-sites';
import { SpecificationsBox } from './components/specifications-box';
import type { ProductPageMode } from './components/use-product-actions';

const toId = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN);

/**
 * One page for /product/{id}, /campaign/{campaignId}/product/{productId} and
 * /customized-campaign/product/{productId} (SPEC section 2). An unknown product, or a product that is not
 * in the campaign it is opened from, sends the user to /.
 */
export default function ProductPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const productId = toId(params.productId);
  const campaignId = params.campaignId === undefined ? null : toId(params.campaignId);
  const mode: ProductPageMode =
    campaignId !== null
      ? 'campaign'
      : location.pathname.startsWith('/customized-campaign/')
        ? 'customized'
        : 'product';

  const product = useProduct(productId);
  const working = useWorkingCampaign(campaignId ?? 0, mode === 'campaign');
  const notInCampaign =
    mode === 'campaign' &&
    working.campaign &&
    !working.campaign.products.some((e) => e.product.id === productId);
  const invalid = Number.isNaN(productId) || (campaignId !== null && Number.isNaN(campaignId));
  const gone = invalid || product.isError || working.isError || notInCampaign;

  useEffect(() => {
    if (gone) navigate('/', { replace: true });
  }, [gone, navigate]);

  if (gone || !product.data || (mode === 'campaign' && !working.campaign)) return <PageLoader />;
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
        <Grid size={{ xs: 12, md: 6 }}>
          <SpecificationsBox product={p} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LocationBox product={p} />
        </Grid>
      </Grid>
      <Box sx={{ mt: 6 }}>
        <SimilarSites product={p} />
      </Box>
      <Box sx={{ mt: 6 }}>
        <Testimonials />
      </Box>
    </Container>
  );
}
