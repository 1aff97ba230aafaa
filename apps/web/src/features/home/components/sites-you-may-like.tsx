import { Alert, Box, Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { formatRupees, type Product } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useLatestProducts } from '../api/latest-products';
import { SectionHeading } from './section-heading';

const PREVIEW_CHARS = 100;

/** docs/product-spec.md section 2: the first 100 characters of the description, then "more....". */
export const descriptionPreview = (description: string) => description.slice(0, PREVIEW_CHARS).trimEnd();

/** "Sites you may Like": the 4 newest sites; View All goes to /customize. */
export function SitesYouMayLike() {
  const { ref, near } = useNearViewport<HTMLElement>();
  // Asked for as the section comes near the screen (as the recommended campaigns are).
  const latest = useLatestProducts(near);
  return (
    <section aria-labelledby="sites-heading" ref={ref}>
      <SectionHeading
        id="sites-heading"
        title="Sites you may Like"
        subtitle="The newest sites on the marketplace."
        viewAll={{ to: '/customize', ariaLabel: 'View all sites' }}
      />
      {latest.isError ? (
        <Alert severity="error">We could not load the sites. Please try again later.</Alert>
      ) : null}
      <Grid container spacing={3}>
        {latest.isPending || !near
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
              <Grid key={i} size={{ xs: 12, sm: 6, md: 3 }}>
                <Skeleton variant="rounded" height={340} />
              </Grid>
            ))
          : (latest.data ?? []).map((product) => (
              <Grid key={product.id} size={{ xs: 12, sm: 6, md: 3 }}>
                <SiteCard product={product} />
              </Grid>
            ))}
      </Grid>
    </section>
  );
}

function SiteCard({ product }: { product: Product }) {
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/product/${product.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          component="img"
          src={product.images[0] || '/media/placeholder.svg'}
          alt=""
          loading="lazy"
          sx={{
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            display: 'block',
            bgcolor: 'grey.200',
          }}
        />
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {product.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="site-code" sx={{ mt: -0.75 }}>
            Site code {product.product_id}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {descriptionPreview(product.description)}{' '}
            <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
              more....
            </Box>
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Typography color="primary" sx={{ fontWeight: 800 }}>
            {formatRupees(product.price)}
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              / day
            </Typography>
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
